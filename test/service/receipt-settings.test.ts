/** What a receipt prints besides the shop's name: its address, tax id and footer, owner settings like the others. */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { fromAnotherStore } from './support/around-the-service';

describeOnEngines('receipt settings', (fresh) => {
  let t: EngineStore;
  beforeEach(async () => {
    t = await fresh();
  });
  afterEach(() => t.close());

  test('empty until the owner fills them in; trimmed, line breaks kept, kept in the database and announced by key', async () => {
    expect(await t.ok('settings.get', {})).toMatchObject({ shopAddress: '', shopTaxId: '', receiptFooter: '' });
    const after = await t.ok('settings.update', { shopAddress: ' 1 Main Street\n12345 Springfield ', shopTaxId: ' DE123456789 ', receiptFooter: 'Thank you!\nReturns within 14 days.' });
    expect(after).toMatchObject({ shopAddress: '1 Main Street\n12345 Springfield', shopTaxId: 'DE123456789', receiptFooter: 'Thank you!\nReturns within 14 days.' });
    const events = (await t.ok('events.list', {})).filter((event) => event.type === 'settings.updated');
    expect(events.map((event) => event.data)).toEqual([{ keys: ['shopAddress', 'shopTaxId', 'receiptFooter'] }]);
    // Another window or process on the same database.
    expect(await fromAnotherStore(t, 'settings.get', {})).toMatchObject({ shopTaxId: 'DE123456789', receiptFooter: 'Thank you!\nReturns within 14 days.' });
  });

  test.each([
    ['shopAddress', '301 characters', 'x'.repeat(301), 'Must be at most 300 characters'],
    ['shopAddress', 'a bell character', 'bell\u0007', 'Must not contain control characters other than line breaks and tabs'],
    ['receiptFooter', '301 characters', 'x'.repeat(301), 'Must be at most 300 characters'],
    ['shopTaxId', '41 characters', 'x'.repeat(41), 'Must be at most 40 characters'],
    ['shopTaxId', 'a line break', 'DE 123\n456', 'Must be one line, without control characters'],
    ['shopTaxId', 'a number', 42, 'Must be text'],
  ])('%s with %s → VALIDATION_FAILED naming it, nothing changed', async (key, _what, value, message) => {
    const error = await t.fail('settings.update', { [key]: value });
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, details: [{ path: key, message }] });
    expect(await t.ok('settings.get', {})).toMatchObject({ shopAddress: '', shopTaxId: '', receiptFooter: '' });
  });

  test('the bounds themselves are taken', async () => {
    const after = await t.ok('settings.update', { shopAddress: 'a'.repeat(300), shopTaxId: 't'.repeat(40), receiptFooter: 'f'.repeat(300) });
    expect([after.shopAddress.length, after.shopTaxId.length, after.receiptFooter.length]).toEqual([300, 40, 300]);
  });
});
