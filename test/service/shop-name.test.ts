/** The shop's name, which heads every receipt: a setting with the bounds of every other name. */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { fromAnotherStore } from './support/around-the-service';

describeOnEngines('the shop name', (fresh) => {
  let t: EngineStore;
  beforeEach(async () => {
    t = await fresh();
  });
  afterEach(() => t.close());

  test('a new store is "Pet Store" until the owner names it; the name is trimmed and kept in the database', async () => {
    expect((await t.ok('settings.get', {})).shopName).toBe('Pet Store');
    expect((await t.ok('settings.update', { shopName: '  Happy Paws  ' })).shopName).toBe('Happy Paws');
    // Another window or process on the same database.
    expect((await fromAnotherStore(t, 'settings.get', {})).shopName).toBe('Happy Paws');
  });

  test.each([
    ['empty', '', 'Must not be empty'],
    ['only spaces', '   ', 'Must not be empty'],
    ['101 characters', 'x'.repeat(101), 'Must be at most 100 characters'],
    ['a line break', 'Happy\nPaws', 'Must not contain control characters or line breaks'],
    ['not text', 42, 'Must be text'],
  ])('%s → VALIDATION_FAILED naming shopName, and the name is unchanged', async (_label, shopName, message) => {
    await t.ok('settings.update', { shopName: 'Happy Paws' });
    const error = await t.fail('settings.update', { shopName });
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(error.details).toEqual([expect.objectContaining({ path: 'shopName', message: expect.stringContaining(message) })]);
    expect((await t.ok('settings.get', {})).shopName).toBe('Happy Paws');
  });

  test('100 characters is a name', async () => {
    expect((await t.ok('settings.update', { shopName: 'x'.repeat(100) })).shopName).toHaveLength(100);
  });
});
