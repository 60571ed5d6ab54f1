/**
 * Version 12 (the pet record): a store written at the version before upgrades with its pets as they
 * were (no price, SKU, details or photo invented), and takes them from then on; the SKU and
 * microchip lookups use their indexes.
 */
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src-main/db/connection';
import { schemaVersion } from '../../src-main/db/migrate';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../src-main/db/migrations/index';
import { tempDir } from '../helpers/temp-store';
import { upgradeTestKit } from '../helpers/upgrade-kit';
import { PNG } from '../helpers/images';

const { cleanups, open, ok } = upgradeTestKit();

/** The version this migration upgrades from (others may sit between 8 and 12 while they are written). */
const PREVIOUS = MIGRATIONS[MIGRATIONS.findIndex(({ version }) => version === 12) - 1]!.version;

/** A store file at the previous version with a category and two pets, as a clerk of that version had. */
function previousVersionFile(): string {
  const { dir, cleanup } = tempDir('petstore-v12-');
  cleanups.push(cleanup);
  const file = join(dir, 'store.db');
  const db = openDatabase(file, { migrateUpTo: PREVIOUS });
  try {
    expect(schemaVersion(db)).toBe(PREVIOUS);
    db.exec(`INSERT INTO categories (id, name, name_folded, name_sort, name_order, description) VALUES (1, 'Dogs', 'dogs', 'dogs', 'dogs', NULL);
      INSERT INTO pets (id, name, name_folded, name_sort, name_order, category_id, status) VALUES
        (1, 'Rex', 'rex', 'rex', 'rex', 1, 'available'), (2, 'Fido', 'fido', 'fido', 'fido', 1, 'sold');
      INSERT INTO inventory (pet_id, quantity) VALUES (1, 1), (2, 0);`);
  } finally {
    db.close();
  }
  return file;
}



test('pets keep exactly what they had: no price, SKU, details or photo is invented', () => {
  const store = open(previousVersionFile());
  expect(schemaVersion(store.db)).toBe(LATEST_SCHEMA_VERSION);
  expect(ok(store, 'pets.list', { details: true }).items).toEqual([
    { id: 1, name: 'Rex', categoryId: 1, status: 'available' },
    { id: 2, name: 'Fido', categoryId: 1, status: 'sold' },
  ]);
  expect(ok(store, 'pets.get', { petId: 1 })).toEqual({ id: 1, name: 'Rex', categoryId: 1, status: 'available' });
  expect(store.db.prepare('SELECT count(*) FROM pets WHERE price IS NOT NULL OR sku IS NOT NULL').pluck().get()).toBe(0);
  expect(store.db.prepare('SELECT (SELECT count(*) FROM pet_details) + (SELECT count(*) FROM pet_photos)').pluck().get()).toBe(0);
  // An export of such a store is the file it always was.
  expect(ok(store, 'data.export', { format: 'csv' }).content.split('\r\n')[0]).toBe('id,name,category,categoryId,status,stock');
});

test('the upgraded pets take a price, a SKU, details and a photo', () => {
  const store = open(previousVersionFile());
  const rex = ok(store, 'pets.update', { petId: 1, changes: { price: 12999, sku: 'REX-1', breed: 'Beagle', microchip: '276098100000001' } });
  expect(rex).toEqual({ id: 1, name: 'Rex', categoryId: 1, status: 'available', price: 12999, sku: 'REX-1', breed: 'Beagle', microchip: '276098100000001' });
  ok(store, 'photos.put', { petId: 1, photo: PNG });
  expect(ok(store, 'pets.list', { sku: 'rex-1' }).items).toEqual([{ ...rex, breed: undefined, microchip: undefined, photo: expect.objectContaining({ contentType: 'image/png' }) }]);
});

test('a SKU and a microchip number are found through their indexes', () => {
  const store = open(previousVersionFile());
  const plan = (sql: string) => (store.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((row) => row.detail).join('; ');
  expect(plan("SELECT id FROM pets WHERE upper(sku) = 'REX-1'")).toContain('USING INDEX pets_by_sku');
  expect(plan("SELECT pet_id FROM pet_details WHERE microchip = '276098100000001'")).toContain('USING COVERING INDEX pet_details_by_microchip');
});
