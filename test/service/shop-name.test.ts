/** The shop's name, which heads every receipt: a setting with the bounds of every other name. */
import { afterEach, expect, test } from 'vitest';
import { openStore } from '../../src-main/service/store';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
afterEach(() => t?.close());

test('a new store is "Pet Store" until the owner names it; the name is trimmed and kept in the file', () => {
  t = openTestStore();
  expect(t.ok('settings.get', {}).shopName).toBe('Pet Store');
  expect(t.ok('settings.update', { shopName: '  Happy Paws  ' }).shopName).toBe('Happy Paws');

  const second = openStore(t.file); // another window or process on the same file
  try {
    expect(second.handlers['settings.get']({}).shopName).toBe('Happy Paws');
  } finally {
    second.close();
  }
});

test.each([
  ['empty', '', 'Must not be empty'],
  ['only spaces', '   ', 'Must not be empty'],
  ['101 characters', 'x'.repeat(101), 'Must be at most 100 characters'],
  ['a line break', 'Happy\nPaws', 'Must not contain control characters or line breaks'],
  ['not text', 42, 'Must be text'],
])('%s → VALIDATION_FAILED naming shopName, and the name is unchanged', (_label, shopName, message) => {
  t = openTestStore();
  t.ok('settings.update', { shopName: 'Happy Paws' });
  const error = t.fail('settings.update', { shopName });
  expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
  expect(error.details).toEqual([expect.objectContaining({ path: 'shopName', message: expect.stringContaining(message) })]);
  expect(t.ok('settings.get', {}).shopName).toBe('Happy Paws');
});

test('100 characters is a name', () => {
  t = openTestStore();
  expect(t.ok('settings.update', { shopName: 'x'.repeat(100) }).shopName).toHaveLength(100);
});
