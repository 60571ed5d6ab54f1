/**
 * src-shared/money-format.ts: a currency's minor-unit digits come from Intl (no table of ours), and
 * an amount is shown exactly, whatever its size, without a float on the way.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { currencyDigits, formatMoney, formatTaxRate, knownCurrencies, minorToDecimal } from '../../src-shared/money-format';

test('minor-unit digits as Intl knows them: JPY 0, EUR 2, BHD 3', () => {
  expect([currencyDigits('JPY'), currencyDigits('EUR'), currencyDigits('USD'), currencyDigits('BHD'), currencyDigits('KWD')]).toEqual([0, 2, 2, 3, 3]);
  for (const code of knownCurrencies()) expect([0, 1, 2, 3, 4]).toContain(currencyDigits(code));
});

test('the known currencies are the current ISO 4217 codes: EUR and USD, not the test code XXX or the withdrawn DEM', () => {
  const codes = knownCurrencies();
  expect(codes).toEqual(expect.arrayContaining(['EUR', 'USD', 'JPY', 'GBP', 'CHF', 'BHD']));
  expect(codes).not.toContain('XXX');
  expect(codes).not.toContain('DEM');
  for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
});

test('an amount as an exact decimal string', () => {
  expect(minorToDecimal(1999, 2)).toBe('19.99');
  expect(minorToDecimal(5, 2)).toBe('0.05');
  expect(minorToDecimal(-5, 2)).toBe('-0.05');
  expect(minorToDecimal(0, 2)).toBe('0.00');
  expect(minorToDecimal(1999, 0)).toBe('1999');
  expect(minorToDecimal(1, 3)).toBe('0.001');
  expect(minorToDecimal(Number.MAX_SAFE_INTEGER, 2)).toBe('90071992547409.91');
  expect(() => minorToDecimal(1.5, 2)).toThrow(RangeError);
  fc.assert(
    fc.property(fc.maxSafeInteger(), fc.integer({ min: 0, max: 4 }), (amount, digits) => {
      const text = minorToDecimal(amount, digits);
      expect(BigInt(text.replace('.', ''))).toBe(BigInt(amount));
      expect(text.includes('.') ? text.split('.')[1].length : 0).toBe(digits);
    }),
  );
});

test('formatted with the currency, exact even past what a float holds', () => {
  expect(formatMoney(1999, 'EUR')).toBe('€19.99');
  expect(formatMoney(1999, 'JPY')).toBe('¥1,999');
  expect(formatMoney(1999, 'BHD')).toBe('BHD\u00a01.999');
  expect(formatMoney(-5, 'USD')).toBe('-$0.05');
  // 90071992547409.91 is not a double: dividing by 100 first would print ...409.92 or ...409.90.
  expect(formatMoney(Number.MAX_SAFE_INTEGER, 'EUR')).toBe('€90,071,992,547,409.91');
  expect(formatMoney(1999, 'EUR', 'de-DE')).toBe('19,99\u00a0€');
});

test('tax rates in basis points as percentages', () => {
  expect([0, 1, 5, 700, 750, 1900, 10_000].map(formatTaxRate)).toEqual(['0%', '0.01%', '0.05%', '7%', '7.5%', '19%', '100%']);
});

test('one Intl.NumberFormat per locale and currency, however many amounts are formatted', () => {
  const Real = Intl.NumberFormat;
  let made = 0;
  Intl.NumberFormat = new Proxy(Real, {
    construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
      made += 1;
      return Reflect.construct(target, args) as Intl.NumberFormat;
    },
  });
  try {
    // A locale and currency no other test uses, so that the first call builds what it needs here.
    expect(formatMoney(123456, 'CHF', 'de-CH')).toBe(new Real('de-CH', { style: 'currency', currency: 'CHF' }).format(1234.56));
    const first = made;
    expect(first).toBeGreaterThan(0);
    for (let amount = 0; amount < 500; amount++) formatMoney(amount, 'CHF', 'de-CH');
    expect(made).toBe(first);
    // Another locale is another formatter, and its own text.
    expect(formatMoney(123456, 'CHF', 'en-US')).toBe('CHF\u00a01,234.56');
    expect(formatMoney(123456, 'CHF', 'de-CH')).not.toBe(formatMoney(123456, 'CHF', 'en-US'));
  } finally {
    Intl.NumberFormat = Real;
  }
});
