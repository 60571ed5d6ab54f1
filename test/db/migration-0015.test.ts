/**
 * Version 15 (a category's own low-stock threshold; the shop's default 3): a store written at
 * version 14 that holds data and never set the threshold keeps the 1 it had; one that set it keeps
 * its own; an empty one, as a new store, gets 3. No category gets a threshold it did not have.
 */
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src-main/db/connection';
import { schemaVersion } from '../../src-main/db/migrate';
import { restoreBackup } from '../../src-main/service/backup';
import { tempDir } from '../helpers/temp-store';
import { upgradeTestKit } from '../helpers/upgrade-kit';

const { cleanups, open, ok } = upgradeTestKit();

/** A store file at version 14, with a category and a pet unless `empty`, and these settings. */
function version14File({ empty = false, settings = {} }: { empty?: boolean; settings?: Record<string, unknown> } = {}): string {
  const { dir, cleanup } = tempDir('petstore-v15-');
  cleanups.push(cleanup);
  const file = join(dir, 'store.db');
  const db = openDatabase(file, { migrateUpTo: 14 });
  try {
    if (!empty) {
      db.exec(`INSERT INTO categories (id, name, name_folded, name_sort, name_order) VALUES (1, 'Fish', 'fish', 'fish', 'fish');
        INSERT INTO pets (id, name, name_folded, name_sort, name_order, category_id, status) VALUES (1, 'Nemo', 'nemo', 'nemo', 'nemo', 1, 'available');
        INSERT INTO inventory (pet_id, quantity) VALUES (1, 2);`);
    }
    for (const [key, value] of Object.entries(settings)) db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(key, JSON.stringify(value));
  } finally {
    db.close();
  }
  return file;
}

test('a store with data that never set the threshold keeps 1: a pet at 2 is not low after the upgrade', () => {
  const store = open(version14File());
  expect(schemaVersion(store.db)).toBeGreaterThanOrEqual(15);
  expect(ok(store, 'settings.get').lowStockThreshold).toBe(1);
  expect(ok(store, 'inventory.list', { low: true }).items).toEqual([]);
  expect(ok(store, 'categories.list').items).toEqual([{ id: 1, name: 'Fish' }]); // none invented
  expect(ok(store, 'events.list', { after: 0 })).toEqual([]); // kept by the upgrade, not a change the owner made
});

test('a threshold the owner set is kept', () => {
  const store = open(version14File({ settings: { lowStockThreshold: 5 } }));
  expect(ok(store, 'settings.get').lowStockThreshold).toBe(5);
});

test('an empty store gets the new default, 3, as a new one does', () => {
  expect(ok(open(version14File({ empty: true })), 'settings.get').lowStockThreshold).toBe(3);
  const { dir, cleanup } = tempDir('petstore-v15-new-');
  cleanups.push(cleanup);
  const fresh = open(join(dir, 'new.db'));
  expect(ok(fresh, 'settings.get').lowStockThreshold).toBe(3);
  expect(fresh.db.prepare("SELECT count(*) FROM settings WHERE key = 'lowStockThreshold'").pluck().get()).toBe(0);
});

test('a category takes a threshold of its own from then on', () => {
  const store = open(version14File());
  expect(ok(store, 'categories.update', { categoryId: 1, changes: { lowStockThreshold: 5 } })).toEqual({ id: 1, name: 'Fish', lowStockThreshold: 5 });
  expect(ok(store, 'inventory.list', { low: true }).items.map((item: { petId: number }) => item.petId)).toEqual([1]);
});

test('a backup written at version 14 restores with the 1 it had, into a shop at 3', async () => {
  const { dir, cleanup } = tempDir('petstore-v15-restore-');
  cleanups.push(cleanup);
  const store = open(join(dir, 'shop.db'));
  expect(ok(store, 'settings.get').lowStockThreshold).toBe(3);
  await restoreBackup(store, version14File());
  expect(ok(store, 'settings.get').lowStockThreshold).toBe(1);
  expect(ok(store, 'inventory.list', { low: true }).items).toEqual([]);
});
