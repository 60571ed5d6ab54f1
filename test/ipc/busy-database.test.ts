/**
 * Another process (a CLI import, a second app) holds the database's write lock: the app's window
 * must not freeze. A write asked for over IPC waits for the lock without blocking the main
 * process, reads go on meanwhile, and past the busy timeout the clerk hears SERVICE_BUSY with
 * nothing written.
 */
import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import type { Pet } from '../../src-shared/schemas/pet';
import { freePort } from '../helpers/ports';
import { expectError, expectOk, openIpcHarness, seedShop, type IpcHarness } from './harness';

let h: IpcHarness | undefined;
let writer: Database.Database | undefined;
afterEach(async () => {
  if (writer?.inTransaction) writer.exec('ROLLBACK');
  writer?.close();
  writer = undefined;
  await h?.close();
  h = undefined;
});

/** Another process's connection, holding the write lock. */
function lockHeldElsewhere(file: string): Database.Database {
  writer = new Database(file);
  writer.exec('BEGIN IMMEDIATE');
  return writer;
}

test('a write waits for the lock while the main process goes on answering; it is done once the lock is free', async () => {
  h = openIpcHarness();
  const shop = seedShop(h.t);
  const other = lockHeldElsewhere(h.t.file);
  let settled = false;
  const creating = h.call('pets.create', { name: 'Patient', categoryId: shop.dogs.id }).finally(() => (settled = true));
  const started = performance.now();
  for (let i = 0; i < 3; i++) {
    const page = expectOk<{ items: Pet[] }>(await h.call('pets.list', { q: 'Patient' }));
    expect(page.items).toEqual([]); // answered, from committed data
  }
  expect(performance.now() - started).toBeLessThan(2000); // not after SQLite's 5 s busy wait
  expect(settled).toBe(false);
  other.exec('COMMIT');
  const created = expectOk<Pet>(await creating);
  expect(created.name).toBe('Patient');
  expect(expectOk<{ items: Pet[] }>(await h.call('pets.list', { q: 'Patient' })).items).toHaveLength(1);
});

test('past the busy timeout the write is SERVICE_BUSY 503, nothing written; with the lock free it goes through', async () => {
  h = openIpcHarness({ busyTimeoutMs: 300 });
  const shop = seedShop(h.t);
  const before = h.snapshot();
  const other = lockHeldElsewhere(h.t.file);
  const busy = expectError(await h.call('orders.place', { petId: shop.bella.id }), 'SERVICE_BUSY');
  expect(busy.message).not.toMatch(/SQLITE|locked/);
  other.exec('ROLLBACK');
  expect(h.snapshot()).toEqual(before);
  expectOk(await h.call('orders.place', { petId: shop.bella.id }));
});

test('moving the listener while another process holds the database: SERVICE_BUSY, and it stays where the settings say', async () => {
  h = openIpcHarness({ busyTimeoutMs: 300 });
  const [first, second] = [await freePort(), await freePort()];
  expectOk(await h.call('settings.update', { listenerPort: first }));
  expectOk(await h.call('listener.start', {}));
  const other = lockHeldElsewhere(h.t.file);
  expectError(await h.call('listener.move', { listenerPort: second }), 'SERVICE_BUSY');
  other.exec('ROLLBACK');
  // Running at the saved address, not at one the settings do not know.
  expect(expectOk(await h.call('listener.status', {}))).toMatchObject({ running: true, port: first, lastError: null });
  expect(expectOk(await h.call('settings.get', {}))).toMatchObject({ listenerPort: first });
  expect((await fetch(`http://127.0.0.1:${first}/health`)).status).toBe(200);
  await expect(fetch(`http://127.0.0.1:${second}/health`)).rejects.toThrow();
  // With the lock free, the same move goes through.
  expect(expectOk(await h.call('listener.move', { listenerPort: second }))).toMatchObject({ running: true, port: second });
});
