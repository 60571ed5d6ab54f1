import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { OTHER_WRITERS_WINDOW_MS } from '../../src-main/db/other-writers';
import { createBackup, restoreBackup } from '../../src-main/service/backup';
import { cacheUntilChange } from '../../src-main/service/change-cache';
import { readSettingsNow } from '../../src-main/service/settings-read';
import { openStore } from '../../src-main/service/store';
import { createTokenVerifier } from '../../src-main/service/sqlite-token-verifier';
import { DEFAULT_SETTINGS } from '../../src-shared/schemas/settings';
import { openTestStore, type TestStore } from '../helpers/temp-store';

/**
 * The token and settings caches every REST request consults: kept across commits that do not touch
 * their table (every order), re-read after any change of it, whoever made it.
 */

let t: TestStore;
let other: Database.Database | undefined;
afterEach(() => {
  other?.close();
  other = undefined;
  t?.close();
});

/** A later request: one that starts after the window in which a data_version read stands. */
const nextRequest = () => new Promise((resolve) => setTimeout(resolve, OTHER_WRITERS_WINDOW_MS + 1));

/** The settings cache as the REST app builds it, counting its reads. */
function settingsCache() {
  const reads = { count: 0 };
  const settings = cacheUntilChange(t.store.context, ['settings'], () => {
    reads.count++;
    return readSettingsNow(t.store.context);
  });
  return { settings, reads };
}

/** A second connection to the same file: another process such as the CLI. */
function otherConnection(): Database.Database {
  other = new Database(t.file);
  other.pragma('busy_timeout = 5000');
  return other;
}

function token(scope: 'read' | 'write' = 'write') {
  return t.ok('tokens.create', { label: `${scope} token`, scope });
}

describe('kept across commits that do not touch the table', () => {
  test('an order, a new pet and a new category do not make the settings be read again', async () => {
    t = openTestStore();
    const { settings, reads } = settingsCache();
    const dogs = t.ok('categories.create', { name: 'Dogs' });
    const rex = t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
    expect(settings().lowStockThreshold).toBe(DEFAULT_SETTINGS.lowStockThreshold);
    expect(reads.count).toBe(1);
    t.ok('orders.place', { petId: rex.id, quantity: 1 });
    t.ok('pets.create', { name: 'Bella', categoryId: dogs.id });
    await nextRequest();
    expect(settings().lowStockThreshold).toBe(DEFAULT_SETTINGS.lowStockThreshold);
    expect(reads.count).toBe(1);
  });
});

describe('settings: a change is seen at the next read, whoever made it', () => {
  test('changed by the service in this process', () => {
    t = openTestStore();
    const { settings } = settingsCache();
    expect(settings().rateLimitPerMinute).toBe(1200);
    t.ok('settings.update', { rateLimitPerMinute: 60 });
    expect(settings().rateLimitPerMinute).toBe(60);
  });

  test('changed by SQL outside the settings service, in this process', () => {
    t = openTestStore();
    const { settings } = settingsCache();
    t.ok('settings.update', { rateLimitPerMinute: 60 });
    expect(settings().rateLimitPerMinute).toBe(60);
    t.store.db.exec('DELETE FROM settings');
    expect(settings().rateLimitPerMinute).toBe(1200);
  });

  test('changed by a restore, which replaces the settings table', async () => {
    t = openTestStore();
    const { settings } = settingsCache();
    const file = join(t.dir, 'backups', 'before.db');
    await createBackup(t.store, file);
    t.ok('settings.update', { lowStockThreshold: 7 });
    expect(settings().lowStockThreshold).toBe(7);
    await restoreBackup(t.store, file);
    expect(settings().lowStockThreshold).toBe(DEFAULT_SETTINGS.lowStockThreshold);
  });

  test('changed by another connection (another process)', async () => {
    t = openTestStore();
    const { settings } = settingsCache();
    expect(settings().lowStockThreshold).toBe(DEFAULT_SETTINGS.lowStockThreshold);
    otherConnection()
      .prepare("INSERT INTO settings (key, value) VALUES ('lowStockThreshold', '4') ON CONFLICT (key) DO UPDATE SET value = excluded.value")
      .run();
    await nextRequest();
    expect(settings().lowStockThreshold).toBe(4);
  });

  test('inside a transaction that has not touched the table, the kept value serves (a batch of orders)', () => {
    t = openTestStore();
    const { settings, reads } = settingsCache();
    settings();
    const before = reads.count;
    t.store.context.write(() => {
      t.store.context.events.append('pet.deleted', { id: 1, name: 'Rex', categoryId: 1, status: 'available' });
      expect(settings().lowStockThreshold).toBe(DEFAULT_SETTINGS.lowStockThreshold);
      expect(reads.count).toBe(before);
      // Once the transaction writes the table, the cache reads it again (and does not keep it).
      t.store.context.settings.set('lowStockThreshold', 7);
      expect(settings().lowStockThreshold).toBe(7);
      expect(reads.count).toBe(before + 1);
    });
  });

  test('a change that is rolled back leaves the cache with the committed value', () => {
    t = openTestStore();
    const { settings } = settingsCache();
    expect(settings().lowStockThreshold).toBe(DEFAULT_SETTINGS.lowStockThreshold);
    expect(() =>
      t.store.context.write(() => {
        t.store.context.settings.set('lowStockThreshold', 9);
        // Read inside the transaction: the uncommitted value, which must not be kept.
        expect(settings().lowStockThreshold).toBe(9);
        throw new Error('changed my mind');
      }),
    ).toThrow('changed my mind');
    expect(settings().lowStockThreshold).toBe(DEFAULT_SETTINGS.lowStockThreshold);
  });
});

describe('tokens: a revocation or a new token takes effect at the next request', () => {
  test('revoked and created by the service in this process, also right after an order', () => {
    t = openTestStore();
    const verifier = createTokenVerifier(t.store.context);
    const { token: revoked, secret } = token();
    expect(verifier.verify(secret)).toEqual({ id: revoked.id, scope: 'write' });
    const dogs = t.ok('categories.create', { name: 'Dogs' });
    t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
    t.ok('tokens.revoke', { tokenId: revoked.id });
    expect(verifier.verify(secret)).toBeUndefined();
    const reader = token('read');
    expect(verifier.verify(reader.secret)).toEqual({ id: reader.token.id, scope: 'read' });
  });

  test('revoked by SQL outside the tokens service, in this process', () => {
    t = openTestStore();
    const verifier = createTokenVerifier(t.store.context);
    const { token: revoked, secret } = token();
    expect(verifier.verify(secret)).toBeDefined();
    t.store.db.prepare("UPDATE api_tokens SET revoked_at = '2026-01-01T00:00:00Z' WHERE id = ?").run(revoked.id);
    expect(verifier.verify(secret)).toBeUndefined();
  });

  test('revoked and created by another connection (another process, such as the CLI)', async () => {
    t = openTestStore();
    const verifier = createTokenVerifier(t.store.context);
    const { token: revoked, secret } = token();
    const kept = token('read');
    expect(verifier.verify(secret)).toBeDefined();
    otherConnection().prepare("UPDATE api_tokens SET revoked_at = '2026-01-01T00:00:00Z' WHERE id = ?").run(revoked.id);
    await nextRequest();
    expect(verifier.verify(secret)).toBeUndefined();
    expect(verifier.verify(kept.secret)).toBeDefined();

    // A token created by another process, as the CLI's `token create` does it.
    const created = openStore(t.file);
    const fresh = created.handlers['tokens.create']({ label: 'from the CLI', scope: 'write' });
    created.close();
    await nextRequest();
    expect(verifier.verify(fresh.secret)).toEqual({ id: fresh.token.id, scope: 'write' });
  });
});

describe('tokens on a keep-alive connection: checked once, again whenever the active set changes', () => {
  const connection = {}; // stands for a request's socket

  test('a revocation, also by another process, refuses the next request on the same connection', async () => {
    t = openTestStore();
    const verifier = createTokenVerifier(t.store.context);
    const first = token();
    const second = token();
    expect(verifier.verifyOnConnection(connection, first.secret)).toEqual({ id: first.token.id, scope: 'write' });
    t.ok('tokens.revoke', { tokenId: first.token.id });
    expect(verifier.verifyOnConnection(connection, first.secret)).toBeUndefined();

    expect(verifier.verifyOnConnection(connection, second.secret)).toEqual({ id: second.token.id, scope: 'write' });
    otherConnection().prepare("UPDATE api_tokens SET revoked_at = '2026-01-01T00:00:00Z' WHERE id = ?").run(second.token.id);
    await nextRequest();
    expect(verifier.verifyOnConnection(connection, second.secret)).toBeUndefined();
  });

  test('another secret on the same connection is checked afresh, and so is an unknown one that becomes valid', () => {
    t = openTestStore();
    const verifier = createTokenVerifier(t.store.context, 'psk_preset-secret-for-this-test');
    const reader = token('read');
    expect(verifier.verifyOnConnection(connection, reader.secret)).toEqual({ id: reader.token.id, scope: 'read' });
    expect(verifier.verifyOnConnection(connection, 'psk_preset-secret-for-this-test')).toEqual({ id: 0, scope: 'write' });
    expect(verifier.verifyOnConnection(connection, `${reader.secret}x`)).toBeUndefined();
    expect(verifier.verifyOnConnection(connection, reader.secret)).toEqual({ id: reader.token.id, scope: 'read' });
    expect(verifier.verifyOnConnection({}, reader.secret)).toEqual({ id: reader.token.id, scope: 'read' }); // another connection
  });
});
