/**
 * `settings.updated`: every change to the owner's settings is announced in the change log, in the
 * change's transaction, with the names of the settings that changed and never their values.
 */
import { afterEach, expect, test } from 'vitest';
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
  t.ok('settings.update', { shopName: '  Happy Paws ', allowedOrigins: ['http://localhost:3000'], lowStockThreshold: 1 });
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
