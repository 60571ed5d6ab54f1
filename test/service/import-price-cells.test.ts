/**
 * A price written with decimals in an import file ("12.50") is refused with what it is in the
 * shop's minor units ("12.50 is 1250"), the currency's digits as Intl gives them; "12.00" in euros
 * too (read as written it would be 12 cents), but not in yen, whose minor unit is the yen.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
beforeEach(() => {
  t = openTestStore();
  t.ok('categories.create', { name: 'Dogs' });
});
afterEach(() => t.close());

/** Each CSV price cell's outcome: the price imported, or the row's errors. */
function outcomes(...prices: string[]) {
  const content = ['name,category,price', ...prices.map((price, index) => `Pet ${index},Dogs,${price}`)].join('\n');
  return t.ok('data.previewImport', { format: 'csv', content }).rows.map((row) => row.pet?.price ?? row.errors);
}
const refused = (message: string) => [{ path: 'price', message }];
const EUR = "Prices are whole numbers of the currency's minor unit (EUR has 2 decimals)";

describe('the default currency (EUR, 2 decimals)', () => {
  test('a price with decimals says what it is in cents; whole numbers import as they did', () => {
    expect(outcomes('12.50', '12.5', '12.00', '+0.05', '12.505', '1250', '0')).toEqual([
      refused(`${EUR}: 12.50 is 1250`),
      refused(`${EUR}: 12.5 is 1250`),
      refused(`${EUR}: 12.00 is 1200`),
      refused(`${EUR}: +0.05 is 5`),
      refused(`${EUR}: 12.505 is 1250.5, not a whole number`),
      1250,
      0,
    ]);
  });

  test('a price that is no decimal keeps the schema\'s words; a huge one is quoted cut short', () => {
    const [negative, words, huge] = outcomes('-12.50', 'lots', `1.${'9'.repeat(400)}`);
    expect(negative).toEqual(refused('Must be a whole number'));
    expect(words).toEqual([{ path: 'price', message: expect.not.stringMatching(/minor unit/) }]);
    expect(huge).toEqual(refused(`${EUR}: 1.${'9'.repeat(27)}… is 199.${'9'.repeat(25)}…, not a whole number`));
  });

  test('JSON: a price of 12.5 is told the same; all or nothing refuses the file with that reason', () => {
    const content = JSON.stringify([{ name: 'Rex', category: 'Dogs', price: 12.5 }, { name: 'Bella', category: 'Dogs', price: 1250 }]);
    const preview = t.ok('data.previewImport', { format: 'json', content });
    expect(preview.rows.map((row) => row.pet?.price ?? row.errors)).toEqual([refused(`${EUR}: 12.5 is 1250`), 1250]);
    expect(t.fail('data.import', { format: 'json', content, allOrNothing: true }).message).toBe(
      `1 row is invalid (first: item 1: price: ${EUR}: 12.5 is 1250); nothing was imported`,
    );
    expect(t.ok('pets.list', {}).total).toBe(0);
  });
});

describe('the shop\'s currency gives the digits', () => {
  test('JPY has none: 1200.00 is 1200 yen, 12.50 is no price', () => {
    t.ok('settings.update', { currency: 'JPY' });
    expect(outcomes('12.50', '1200.00', '1200')).toEqual([
      refused("Prices are whole numbers of the currency's minor unit (JPY has no decimals): 12.50 is not a whole number"),
      1200,
      1200,
    ]);
  });

  test('BHD has 3: 12.5 is 12500 fils', () => {
    t.ok('settings.update', { currency: 'BHD' });
    expect(outcomes('12.5')).toEqual([refused("Prices are whole numbers of the currency's minor unit (BHD has 3 decimals): 12.5 is 12500")]);
  });
});
