/**
 * The shop's money and time settings: `currency` (ISO 4217, as Intl knows it), `defaultTaxRate`
 * (basis points), `pricesIncludeTax` and `timeZone` (IANA): their defaults, what they refuse, how
 * they are kept, and the currency that cannot change once an amount is stored in it.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { machineTimeZone } from '../../src-shared/schemas/settings';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
afterEach(() => t?.close());

const settingsEvents = () => t.ok('events.list', {}).filter((event) => event.type === 'settings.updated').map((event) => event.data);

describe('defaults', () => {
  test('EUR, no tax, prices with tax included, and this machine\'s time zone stored at the first start', () => {
    t = openTestStore();
    expect(t.ok('settings.get', {})).toMatchObject({ currency: 'EUR', defaultTaxRate: 0, pricesIncludeTax: true, timeZone: machineTimeZone() });
    // Stored, not computed at each read: the file keeps its shop's zone when it moves to another machine.
    expect(t.store.db.prepare("SELECT value FROM settings WHERE key = 'timeZone'").pluck().get()).toBe(JSON.stringify(machineTimeZone()));
  });

  test('the machine\'s zone is the runtime\'s (TZ), and UTC where it names none the runtime knows', () => {
    expect(machineTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe('changing them', () => {
  test('each is kept as the runtime spells it, announced by key only', () => {
    t = openTestStore();
    const after = t.ok('settings.update', { currency: ' usd ', defaultTaxRate: 1900, pricesIncludeTax: false, timeZone: 'america/new_york' });
    expect(after).toMatchObject({ currency: 'USD', defaultTaxRate: 1900, pricesIncludeTax: false, timeZone: 'America/New_York' });
    expect(t.ok('settings.get', {})).toEqual(after);
    expect(settingsEvents()).toEqual([{ keys: ['currency', 'defaultTaxRate', 'pricesIncludeTax', 'timeZone'] }]);
    // The same values again (in another spelling) are no change: nothing written, nothing announced.
    t.ok('settings.update', { currency: 'usd', timeZone: 'America/New_York', defaultTaxRate: 1900 });
    expect(settingsEvents()).toHaveLength(1);
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
  ])('%s %j is refused: VALIDATION_FAILED naming it', (key, value, message) => {
    t = openTestStore();
    const error = t.fail('settings.update', { [key]: value });
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, details: [{ path: key, message }] });
    expect(settingsEvents()).toEqual([]);
  });

  test('the bounds themselves are taken: 0 and 10,000 basis points, JPY and BHD, UTC', () => {
    t = openTestStore();
    expect(t.ok('settings.update', { defaultTaxRate: 10_000, currency: 'JPY', timeZone: 'UTC' })).toMatchObject({ defaultTaxRate: 10_000, currency: 'JPY', timeZone: 'UTC' });
    expect(t.ok('settings.update', { defaultTaxRate: 0, currency: 'BHD' })).toMatchObject({ defaultTaxRate: 0, currency: 'BHD' });
  });

  test('a stored value today\'s rules refuse (a zone the runtime no longer knows) reads as its default', () => {
    t = openTestStore();
    t.store.db.prepare("UPDATE settings SET value = ? WHERE key = 'timeZone'").run(JSON.stringify('Atlantis/Capital'));
    t.store.db.prepare("INSERT INTO settings (key, value) VALUES ('currency', ?)").run(JSON.stringify('ZZZ'));
    expect(t.ok('settings.get', {})).toMatchObject({ timeZone: machineTimeZone(), currency: 'EUR' });
  });
});

describe('the currency once amounts are stored in it', () => {
  test('a priced pet makes a change of currency CURRENCY_IN_USE (409), naming what holds amounts', () => {
    t = openTestStore();
    const { id: categoryId } = t.ok('categories.create', { name: 'Dogs' });
    t.ok('pets.create', { name: 'Rex', categoryId });
    // Before any price: the owner fixes the currency freely.
    expect(t.ok('settings.update', { currency: 'CHF' }).currency).toBe('CHF');
    t.ok('pets.create', { name: 'Fido', categoryId, price: 19_999 } as never);
    const error = t.fail('settings.update', { currency: 'EUR', shopName: 'Happy Paws' });
    expect(error).toEqual({
      code: 'CURRENCY_IN_USE',
      status: 409,
      message: 'The shop holds amounts in CHF already (1 priced pet): the currency cannot become EUR',
      details: [{ path: 'currency', message: 'Amounts are stored in CHF already' }],
    });
    // All or nothing: the shop name sent with it is not saved either, and nothing is announced.
    expect(t.ok('settings.get', {})).toMatchObject({ currency: 'CHF', shopName: 'Pet Store' });
    expect(settingsEvents()).toEqual([{ keys: ['currency'] }]);
    // The same currency again, and the other money settings, still change.
    expect(t.ok('settings.update', { currency: 'chf', defaultTaxRate: 810, pricesIncludeTax: false })).toMatchObject({ currency: 'CHF', defaultTaxRate: 810 });
  });

  test('so does an order that carries a unit price (as a sale\'s lines will)', () => {
    t = openTestStore();
    const { id: categoryId } = t.ok('categories.create', { name: 'Dogs' });
    const pets = [t.ok('pets.create', { name: 'Rex', categoryId }), t.ok('pets.create', { name: 'Fido', categoryId })];
    const orders = pets.map((pet) => t.ok('orders.place', { petId: pet.id }));
    expect(t.ok('settings.update', { currency: 'GBP' }).currency).toBe('GBP');
    // No operation prices an order before sales exist: written as the sales service will write it.
    t.store.db.prepare('UPDATE orders SET unit_price = 1999 WHERE id IN (?, ?)').run(orders[0].id, orders[1].id);
    expect(t.fail('settings.update', { currency: 'EUR' })).toMatchObject({
      code: 'CURRENCY_IN_USE',
      message: 'The shop holds amounts in GBP already (2 priced orders): the currency cannot become EUR',
    });
  });
});
