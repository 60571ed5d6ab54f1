/**
 * Version 11 (customers): a store written at the version before upgrades with its data as it was,
 * no customers, and answers kept for Idempotency-Key retries that still replay. Forgetting the
 * first customer (id 1) then rewrites only customer events and customer answers, never a pet's
 * event or an order's kept answer that happens to carry the same id.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '../../src-main/db/connection';
import { schemaVersion } from '../../src-main/db/migrate';
import { LATEST_SCHEMA_VERSION } from '../../src-main/db/migrations/index';
import { runOnce } from '../../src-main/service/idempotency';
import { tempDir } from '../helpers/temp-store';
import { upgradeTestKit } from '../helpers/upgrade-kit';

const { cleanups, open, ok } = upgradeTestKit();

const PET = { id: 1, name: 'Rex', categoryId: 1, status: 'available' };
const ORDER_ANSWER = JSON.stringify({ id: 1, petId: 1, quantity: 1, complete: false });
/** The request the kept answer was given to, as service/idempotency.ts fingerprints it. */
const ORDER_REQUEST = JSON.stringify(['orders.place', { petId: 1, quantity: 1 }]);

/** A store file at version 10 (the one before customers) with a pet, its event and a kept order answer. */
function version10File(): string {
  const { dir, cleanup } = tempDir('petstore-v11-');
  cleanups.push(cleanup);
  const file = join(dir, 'store.db');
  const db = openDatabase(file, { migrateUpTo: 10 });
  try {
    db.exec(`INSERT INTO categories (id, name, name_folded, name_sort, name_order) VALUES (1, 'Dogs', 'dogs', 'dogs', 'dogs');
      INSERT INTO pets (id, name, name_folded, name_sort, name_order, category_id, status) VALUES (1, 'Rex', 'rex', 'rex', 'rex', 1, 'available');
      INSERT INTO inventory (pet_id, quantity) VALUES (1, 3);`);
    db.prepare("INSERT INTO events (type, at, data) VALUES ('pet.created', '2025-03-01T10:00:00.000Z', ?)").run(JSON.stringify(PET));
    db.prepare(
      "INSERT INTO idempotency_keys (token_id, key, fingerprint, status, body, created_at) VALUES (0, 'order-1', ?, 201, ?, ?)",
    ).run(createHash('sha256').update(ORDER_REQUEST).digest('hex'), ORDER_ANSWER, new Date().toISOString());
    expect(schemaVersion(db)).toBeLessThan(11);
  } finally {
    db.close();
  }
  return file;
}



test('upgrades with no customers; the kept answers still replay; customers work from then on', () => {
  const store = open(version10File());
  expect(schemaVersion(store.db)).toBe(LATEST_SCHEMA_VERSION);
  expect(ok(store, 'customers.list')).toEqual({ items: [], total: 0, nextCursor: null });
  expect(ok(store, 'pets.list').items).toEqual([PET]);

  // An answer kept before version 11 has no operation, and a retry still gets it.
  expect(store.db.prepare('SELECT operation, body FROM idempotency_keys').all()).toEqual([{ operation: null, body: ORDER_ANSWER }]);
  const retry = runOnce(store.context, { tokenId: 0, key: 'order-1', operation: 'orders.place', request: ORDER_REQUEST, status: 201 }, () => {
    throw new Error('a retry must not run again');
  });
  expect(retry).toEqual({ replay: expect.objectContaining({ operation: null, status: 201, body: ORDER_ANSWER }) });

  const ann = ok(store, 'customers.create', { name: 'Ann', email: 'ann@example.com' });
  expect(ann.id).toBe(1);
  expect(ok(store, 'customers.list', { q: 'ANN@' }).items).toEqual([ann]);
});

test("forgetting customer 1 leaves pet 1's event and order 1's kept answer alone", () => {
  const store = open(version10File());
  const ann = ok(store, 'customers.create', { name: 'Ann', email: 'ann@example.com' });
  expect(ann.id).toBe(PET.id);
  runOnce(store.context, { tokenId: 0, key: 'ann', operation: 'customers.create', request: 'ann again', status: 201 }, () => ann);
  ok(store, 'customers.forget', { customerId: ann.id });

  expect(store.db.prepare("SELECT data FROM events WHERE type = 'pet.created'").pluck().all()).toEqual([JSON.stringify(PET)]);
  expect(store.db.prepare('SELECT key, body FROM idempotency_keys').all()).toEqual([{ key: 'order-1', body: ORDER_ANSWER }]);
  expect(store.db.prepare("SELECT count(*) FROM events WHERE data LIKE '%ann@example.com%'").pluck().get()).toBe(0);
});
