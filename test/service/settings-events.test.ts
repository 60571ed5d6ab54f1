/**
 * `settings.updated`: every change to the owner's settings is announced in the change log, in the
 * change's transaction, with the names of the settings that changed and never their values.
 */
import { afterEach, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src-shared/schemas/settings';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
afterEach(() => t?.close());

const events = () => t.ok('events.list', {}).map((event) => ({ type: event.type, data: event.data }));

test('a change appends one settings.updated naming only the settings whose value changed, without values', () => {
  t = openTestStore();
  t.ok('settings.update', { shopName: 'Happy Paws', lowStockThreshold: 5, rateLimitPerMinute: 1200 });
  expect(events()).toEqual([{ type: 'settings.updated', data: { keys: ['shopName', 'lowStockThreshold'] } }]);
  expect(JSON.stringify(events())).not.toContain('Happy Paws');
});

test('a write that changes nothing appends nothing: the same values, a trimmed equal name, the same list', () => {
  t = openTestStore();
  t.ok('settings.update', { shopName: 'Happy Paws', allowedOrigins: ['http://localhost:3000'] });
  const announced = [{ type: 'settings.updated', data: { keys: ['shopName', 'allowedOrigins'] } }];
  expect(events()).toEqual(announced);
  t.ok('settings.update', { shopName: '  Happy Paws ', allowedOrigins: ['http://localhost:3000'], lowStockThreshold: DEFAULT_SETTINGS.lowStockThreshold });
  t.ok('settings.update', { listenerPort: 8787 });
  expect(events()).toEqual(announced);
});

test('a refused change appends nothing', () => {
  t = openTestStore();
  t.ok('settings.update', { rateLimitPerMinute: 600 });
  t.fail('settings.update', { shopName: 'Happy Paws', lowStockThreshold: -1 });
  expect(events()).toEqual([{ type: 'settings.updated', data: { keys: ['rateLimitPerMinute'] } }]);
  expect(t.ok('settings.get', {}).shopName).toBe('Pet Store');
});

test('each real change is its own event, in order; keys in the settings\' own order', () => {
  t = openTestStore();
  t.ok('settings.update', { lowStockThreshold: 4 });
  t.ok('settings.update', { lowStockThreshold: 4 });
  t.ok('settings.update', { listenerEnabled: true, sunsetDate: '2028-01-01' });
  expect(events()).toEqual([
    { type: 'settings.updated', data: { keys: ['lowStockThreshold'] } },
    { type: 'settings.updated', data: { keys: ['sunsetDate', 'listenerEnabled'] } },
  ]);
});

test('a stored value today’s rules refuse (an older version’s bind address "8080") reads as its default, and a save replaces it', () => {
  t = openTestStore();
  t.ok('settings.update', { shopName: 'Happy Paws' });
  t.store.db.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('listenerHost', ?)").run(JSON.stringify('8080'));
  t.store.db.prepare("INSERT OR REPLACE INTO settings (key, value) VALUES ('listenerPort', ?)").run(JSON.stringify(99999));
  expect(t.ok('settings.get', {})).toMatchObject({ shopName: 'Happy Paws', listenerHost: '127.0.0.1', listenerPort: 8787 });
  expect(t.ok('settings.update', { listenerHost: 'localhost' })).toMatchObject({ listenerHost: 'localhost', listenerPort: 8787 });
  expect(t.store.db.prepare("SELECT value FROM settings WHERE key = 'listenerHost'").get()).toEqual({ value: JSON.stringify('localhost') });
  // Saving the very value it read as (the default) replaces the refused one too.
  t.ok('settings.update', { listenerPort: 8787 });
  expect(t.store.db.prepare("SELECT value FROM settings WHERE key = 'listenerPort'").get()).toEqual({ value: JSON.stringify(8787) });
});
