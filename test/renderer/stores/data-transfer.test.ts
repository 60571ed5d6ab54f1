import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { useAppInfoStore } from '../../../src-renderer/stores/app-info';
import { PREVIEW_ROWS, formatOf, useDataTransferStore } from '../../../src-renderer/stores/data-transfer';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

const petNames = () => h.ok('pets.list', {}).items.map((pet) => pet.name);

test('export gives a CSV table with its header, and JSON with the whole store', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const rex = h.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const transfer = useDataTransferStore();

  const csv = await transfer.exportData('csv', 'pets');
  expect(csv).toMatchObject({ mimeType: 'text/csv', rows: 1 });
  expect(csv.filename).toMatch(/^petstore-pets-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(csv.content.trim().split(/\r?\n/)).toEqual(['id,name,category,categoryId,status,stock', `${rex.id},Rex,Dogs,${dogs.id},available,1`]);

  const json = await transfer.exportData('json', 'pets');
  expect(json.mimeType).toBe('application/json');
  expect(JSON.parse(json.content)).toMatchObject({ categories: [{ name: 'Dogs' }], pets: [{ name: 'Rex', stock: 1 }], orders: [] });
});

test('a preview reports every row and writes nothing; importing writes only the valid rows', async () => {
  h = useRealApi();
  h.ok('categories.create', { name: 'Fish' });
  const transfer = useDataTransferStore();
  const content = ['name,category,status,stock', 'Nemo,Fish,available,3', 'Dory,Unicorns,available,1', ',Fish,,', 'Bubbles,Fish,pending,'].join('\n');

  const preview = await transfer.previewImport({ name: 'fish.csv', format: 'csv', content });
  expect(preview).toMatchObject({ valid: 2, invalid: 2, fileErrors: [] });
  // Lines are the file's (the header is line 1); skipped rows keep what the file says.
  expect(preview.rows.map((row) => [row.line, row.pet?.name ?? null, row.errors.map((error) => error.path)])).toEqual([
    [2, 'Nemo', []],
    [3, null, ['category']],
    [4, null, ['name']],
    [5, 'Bubbles', []],
  ]);
  expect(preview.rows[1]!.values).toEqual({ name: 'Dory', category: 'Unicorns', status: 'available', stock: '1' });
  expect(preview.rows[1]!.errors[0]!.message).toBe('No category "Unicorns"');
  expect(transfer.pending?.name).toBe('fish.csv');
  expect(petNames()).toEqual([]);

  const result = await transfer.importPending();
  expect(result).toEqual({ imported: 2, skipped: 2 });
  expect(petNames()).toEqual(['Nemo', 'Bubbles']);
  expect(transfer.pending).toBeNull();
  expect(transfer.preview).toBeNull();
  await expect(transfer.importPending()).rejects.toThrow('Choose a file to import first');
});

test('a large file’s preview brings its first thousand rows, the skipped ones among them, and counts them all', async () => {
  h = useRealApi();
  h.ok('categories.create', { name: 'Fish' });
  const transfer = useDataTransferStore();
  const rows = Array.from({ length: 5000 }, (_, i) => `Fish ${i + 1},Fish`);
  rows[4499] = 'Dory,Unicorns';
  const preview = await transfer.previewImport({ name: 'shoal.csv', format: 'csv', content: ['name,category', ...rows].join('\n') });
  expect(preview).toMatchObject({ rowCount: 5000, valid: 4999, invalid: 1 });
  expect(preview.rows).toHaveLength(PREVIEW_ROWS);
  expect(preview.rows.find((row) => row.outcome === 'invalid')).toMatchObject({ line: 4501, values: { name: 'Dory' } });
  expect(await transfer.importPending()).toEqual({ imported: 4999, skipped: 1 });
});

test('a file that is not a pet list is refused as a whole', async () => {
  h = useRealApi();
  const transfer = useDataTransferStore();
  const preview = await transfer.previewImport({ name: 'books.json', format: 'json', content: '{"books": []}' });
  expect(preview.fileErrors).toEqual(['Expected a JSON array of pets, or an object with a "pets" array']);
  expect(preview.rows).toEqual([]);
  expect(formatOf('pets.CSV')).toBe('csv');
  expect(formatOf('pets.json')).toBe('json');
  expect(formatOf('pets.xlsx')).toBeNull();
  expect(formatOf('csv')).toBeNull();
});

test('backup then restore brings the data back, after a safety backup of what it replaces', async () => {
  h = useRealApi();
  const dogs = h.ok('categories.create', { name: 'Dogs' });
  const rex = h.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
  const transfer = useDataTransferStore();
  const appInfo = useAppInfoStore();
  await appInfo.load();
  expect(appInfo.info).toMatchObject({ runtime: 'browser-host', databaseFile: h.file, dataFolder: h.dir, backupFolder: join(h.dir, 'backups') });
  expect(appInfo.hasNativeDialogs).toBe(false);

  const file = appInfo.suggestedBackupFile(new Date(2026, 4, 1, 14, 30, 5));
  expect(file).toBe(join(h.dir, 'backups', 'petstore-2026-05-01-14-30-05.db'));
  const backup = await transfer.backup(file);
  expect(backup.file).toBe(file);
  expect(backup.bytes).toBeGreaterThan(0);

  h.ok('pets.delete', { petId: rex.id });
  h.ok('pets.create', { name: 'Newcomer', categoryId: dogs.id });
  const restored = await transfer.restore(file);
  expect(restored.restoredFrom).toBe(file);
  expect(restored.safetyBackup).toMatch(/before-restore-[\w-]+\.db$/);
  expect(existsSync(restored.safetyBackup)).toBe(true);
  expect(petNames()).toEqual(['Rex']);

  // The safety backup holds the data as it was just before.
  await transfer.restore(restored.safetyBackup);
  expect(petNames()).toEqual(['Newcomer']);
});

test('a backup to a relative path or a missing folder is refused with the service’s message', async () => {
  h = useRealApi();
  const transfer = useDataTransferStore();
  await expect(transfer.backup('shop.db')).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Give the backup file as an absolute path' });
  await expect(transfer.backup(join(h.dir, 'nowhere', 'shop.db'))).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  await expect(transfer.restore(join(h.dir, 'missing.db'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
});
