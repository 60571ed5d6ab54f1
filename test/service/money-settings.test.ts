/**
 * The shop's money and time settings: `currency` (ISO 4217, as Intl knows it), `defaultTaxRate`
 * (basis points), `pricesIncludeTax` and `timeZone` (IANA): their defaults, what they refuse, how
 * they are kept, and the currency that cannot change once an amount is stored in it.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { machineTimeZone } from '../../src-shared/schemas/settings';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { rawSql } from './support/around-the-service';

test('the machine\'s zone is the runtime\'s (TZ), and UTC where it names none the runtime knows', () => {
  expect(machineTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
});

describeOnEngines('money and time settings', (fresh) => {
  let t: EngineStore;
  beforeEach(async () => {
    t = await fresh();
  });
  afterEach(() => t.close());

  const settingsEvents = async () => (await t.ok('events.list', {})).filter((event) => event.type === 'settings.updated').map((event) => event.data);

  describe('defaults', () => {
    test('EUR, no tax, prices with tax included, and this machine\'s time zone stored at the first start', async () => {
      expect(await t.ok('settings.get', {})).toMatchObject({ currency: 'EUR', defaultTaxRate: 0, pricesIncludeTax: true, timeZone: machineTimeZone() });
      // Stored, not computed at each read: the database keeps its shop's zone when it moves to another machine.
      expect(await rawSql(t, "SELECT value FROM settings WHERE key = 'timeZone'")).toEqual([{ value: JSON.stringify(machineTimeZone()) }]);
    });
  });

  describe('changing them', () => {
    test('each is kept as the runtime spells it, announced by key only', async () => {
      const after = await t.ok('settings.update', { currency: ' usd ', defaultTaxRate: 1900, pricesIncludeTax: false, timeZone: 'america/new_york' });
      expect(after).toMatchObject({ currency: 'USD', defaultTaxRate: 1900, pricesIncludeTax: false, timeZone: 'America/New_York' });
      expect(await t.ok('settings.get', {})).toEqual(after);
      expect(await settingsEvents()).toEqual([{ keys: ['currency', 'defaultTaxRate', 'pricesIncludeTax', 'timeZone'] }]);
      // The same values again (in another spelling) are no change: nothing written, nothing announced.
      await t.ok('settings.update', { currency: 'usd', timeZone: 'America/New_York', defaultTaxRate: 1900 });
      expect(await settingsEvents()).toHaveLength(1);
    });

    test.each([
      ['currency', 'EURO', 'Must be a three-letter ISO 4217 currency code, such as EUR'],
      ['currency', 'XXX', 'Must be a current ISO 4217 currency code, such as EUR, USD or JPY'],
      ['currency', 'DEM', 'Must be a current ISO 4217 currency code, such as EUR, USD or JPY'],
      ['currency', 978, 'Must be text'],
      ['defaultTaxRate', 10_001, 'Must be at most 10,000'],
      ['defaultTaxRate', -1, 'Must be at least 0'],
      ['defaultTaxRate', 19.5, 'Must be a whole number'],
      ['pricesIncludeTax', 'yes', 'Must be true or false'],
      ['timeZone', 'Mars/Olympus_Mons', 'Must be an IANA time zone name this app knows, such as Europe/Berlin or America/New_York'],
      ['timeZone', '+01:00', 'Must be an IANA time zone name, such as Europe/Berlin'],
      ['timeZone', '', 'Must be an IANA time zone name, such as Europe/Berlin'],
    ])('%s %j is refused: VALIDATION_FAILED naming it', async (key, value, message) => {
      const error = await t.fail('settings.update', { [key]: value });
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, details: [{ path: key, message }] });
      expect(await settingsEvents()).toEqual([]);
    });

    test('the bounds themselves are taken: 0 and 10,000 basis points, JPY and BHD, UTC', async () => {
      expect(await t.ok('settings.update', { defaultTaxRate: 10_000, currency: 'JPY', timeZone: 'UTC' })).toMatchObject({ defaultTaxRate: 10_000, currency: 'JPY', timeZone: 'UTC' });
      expect(await t.ok('settings.update', { defaultTaxRate: 0, currency: 'BHD' })).toMatchObject({ defaultTaxRate: 0, currency: 'BHD' });
    });

    test('a stored value today\'s rules refuse (a zone the runtime no longer knows) reads as its default', async () => {
      await rawSql(t, "UPDATE settings SET value = ? WHERE key = 'timeZone'", [JSON.stringify('Atlantis/Capital')]);
      await rawSql(t, "INSERT INTO settings (key, value) VALUES ('currency', ?)", [JSON.stringify('ZZZ')]);
      expect(await t.ok('settings.get', {})).toMatchObject({ timeZone: machineTimeZone(), currency: 'EUR' });
    });
  });

  describe('the currency once amounts are stored in it', () => {
    test('a priced pet makes a change of currency CURRENCY_IN_USE (409), naming what holds amounts', async () => {
      const { id: categoryId } = await t.ok('categories.create', { name: 'Dogs' });
      await t.ok('pets.create', { name: 'Rex', categoryId });
      // Before any price: the owner fixes the currency freely.
      expect((await t.ok('settings.update', { currency: 'CHF' })).currency).toBe('CHF');
      await t.ok('pets.create', { name: 'Fido', categoryId, price: 19_999 } as never);
      const error = await t.fail('settings.update', { currency: 'EUR', shopName: 'Happy Paws' });
      expect(error).toEqual({
        code: 'CURRENCY_IN_USE',
        status: 409,
        message: 'The shop holds amounts in CHF already (1 priced pet): the currency cannot become EUR',
        details: [{ path: 'currency', message: 'Amounts are stored in CHF already' }],
      });
      // All or nothing: the shop name sent with it is not saved either, and nothing is announced.
      expect(await t.ok('settings.get', {})).toMatchObject({ currency: 'CHF', shopName: 'Pet Store' });
      expect(await settingsEvents()).toEqual([{ keys: ['currency'] }]);
      // The same currency again, and the other money settings, still change.
      expect(await t.ok('settings.update', { currency: 'chf', defaultTaxRate: 810, pricesIncludeTax: false })).toMatchObject({ currency: 'CHF', defaultTaxRate: 810 });
    });

    test('so does an order that carries a unit price (as a sale\'s lines will)', async () => {
      const { id: categoryId } = await t.ok('categories.create', { name: 'Dogs' });
      const pets = [await t.ok('pets.create', { name: 'Rex', categoryId }), await t.ok('pets.create', { name: 'Fido', categoryId })];
      const orders = [];
      for (const pet of pets) orders.push(await t.ok('orders.place', { petId: pet.id }));
      expect((await t.ok('settings.update', { currency: 'GBP' })).currency).toBe('GBP');
      // No operation prices an order before sales exist: written as the sales service will write it.
      await rawSql(t, 'UPDATE orders SET unit_price = 1999 WHERE id IN (?, ?)', [orders[0].id, orders[1].id]);
      expect(await t.fail('settings.update', { currency: 'EUR' })).toMatchObject({
        code: 'CURRENCY_IN_USE',
        message: 'The shop holds amounts in GBP already (2 priced orders): the currency cannot become EUR',
      });
    });
  });
});
