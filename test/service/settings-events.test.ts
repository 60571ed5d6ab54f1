/**
 * `settings.updated`: every change to the owner's settings is announced in the change log, in the
 * change's transaction, with the names of the settings that changed and never their values.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src-shared/schemas/settings';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { rawSql } from './support/around-the-service';

describeOnEngines('settings.updated', (fresh) => {
  let t: EngineStore;
  beforeEach(async () => {
    t = await fresh();
  });
  afterEach(() => t.close());

  const events = async () => (await t.ok('events.list', {})).map((event) => ({ type: event.type, data: event.data }));
  /** Writes a setting's stored value around the service, as an older version may have left it. */
  const store = (key: string, value: unknown) =>
    rawSql(t, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [key, JSON.stringify(value)]);
  const stored = async (key: string) => await rawSql(t, 'SELECT value FROM settings WHERE key = ?', [key]);

  test('a change appends one settings.updated naming only the settings whose value changed, without values', async () => {
    await t.ok('settings.update', { shopName: 'Happy Paws', lowStockThreshold: 5, rateLimitPerMinute: 1200 });
    expect(await events()).toEqual([{ type: 'settings.updated', data: { keys: ['shopName', 'lowStockThreshold'] } }]);
    expect(JSON.stringify(await events())).not.toContain('Happy Paws');
  });

  test('a write that changes nothing appends nothing: the same values, a trimmed equal name, the same list', async () => {
    await t.ok('settings.update', { shopName: 'Happy Paws', allowedOrigins: ['http://localhost:3000'] });
    const announced = [{ type: 'settings.updated', data: { keys: ['shopName', 'allowedOrigins'] } }];
    expect(await events()).toEqual(announced);
    await t.ok('settings.update', { shopName: '  Happy Paws ', allowedOrigins: ['http://localhost:3000'], lowStockThreshold: DEFAULT_SETTINGS.lowStockThreshold });
    await t.ok('settings.update', { listenerPort: 8787 });
    expect(await events()).toEqual(announced);
  });

  test('a refused change appends nothing', async () => {
    await t.ok('settings.update', { rateLimitPerMinute: 600 });
    await t.fail('settings.update', { shopName: 'Happy Paws', lowStockThreshold: -1 });
    expect(await events()).toEqual([{ type: 'settings.updated', data: { keys: ['rateLimitPerMinute'] } }]);
    expect((await t.ok('settings.get', {})).shopName).toBe('Pet Store');
  });

  test('each real change is its own event, in order; keys in the settings\' own order', async () => {
    await t.ok('settings.update', { lowStockThreshold: 4 });
    await t.ok('settings.update', { lowStockThreshold: 4 });
    await t.ok('settings.update', { listenerEnabled: true, sunsetDate: '2028-01-01' });
    expect(await events()).toEqual([
      { type: 'settings.updated', data: { keys: ['lowStockThreshold'] } },
      { type: 'settings.updated', data: { keys: ['sunsetDate', 'listenerEnabled'] } },
    ]);
  });

  test('a stored value today’s rules refuse (an older version’s bind address "8080") reads as its default, and a save replaces it', async () => {
    await t.ok('settings.update', { shopName: 'Happy Paws' });
    await store('listenerHost', '8080');
    await store('listenerPort', 99999);
    expect(await t.ok('settings.get', {})).toMatchObject({ shopName: 'Happy Paws', listenerHost: '127.0.0.1', listenerPort: 8787 });
    expect(await t.ok('settings.update', { listenerHost: 'localhost' })).toMatchObject({ listenerHost: 'localhost', listenerPort: 8787 });
    expect(await stored('listenerHost')).toEqual([{ value: JSON.stringify('localhost') }]);
    // Saving the very value it read as (the default) replaces the refused one too.
    await t.ok('settings.update', { listenerPort: 8787 });
    expect(await stored('listenerPort')).toEqual([{ value: JSON.stringify(8787) }]);
  });
});
