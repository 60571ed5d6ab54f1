import { currencyDigits, minorToDecimal } from '../../src-shared/money-format';

/**
 * A price as the clerk types it ("19.99", "19,99", "20") in minor units of the shop's currency;
 * null for an empty field, undefined for a text that is no price (more decimals than the currency has).
 */
export function parsePrice(text: string, currency: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const digits = currencyDigits(currency);
  const match = /^(\d{1,9})(?:[.,](\d*))?$/.exec(trimmed);
  if (!match || (match[2]?.length ?? 0) > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || 0);
}

/** A price in minor units as the field shows it to edit ("19.99"); empty for none. */
export const priceText = (amount: number | undefined | null, currency: string): string =>
  amount === undefined || amount === null ? '' : minorToDecimal(amount, currencyDigits(currency));
