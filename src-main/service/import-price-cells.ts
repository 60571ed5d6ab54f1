import { currencyDigits } from '../../src-shared/money-format';

/** The longest number a message quotes; a longer one is cut (a cell may hold hundreds of digits). */
const SHOWN_MAX = 30;
const cut = (text: string) => (text.length > SHOWN_MAX ? `${text.slice(0, SHOWN_MAX - 1)}…` : text);

/**
 * Why an import file's price written with decimals ("12.50") is refused, in the currency's minor
 * units ("12.50 is 1250"); undefined when it is no such price (a whole number, a negative or no
 * number at all: the schema's own words serve), or when its decimals are zeros the currency has not
 * (1200.00 yen is 1200 yen). "12.00" in euros is refused too: read as written it is 12 cents.
 */
export function decimalPriceProblem(written: string, currency: string): string | undefined {
  const match = /^\+?(\d+)\.(\d+)$/.exec(written.trim());
  if (!match) return undefined;
  const whole = match[1]!;
  const fraction = match[2]!;
  const digits = currencyDigits(currency);
  if (digits === 0 && /^0+$/.test(fraction)) return undefined;
  const decimals = digits === 0 ? 'no decimals' : `${digits} decimal${digits === 1 ? '' : 's'}`;
  const rule = `Prices are whole numbers of the currency's minor unit (${currency} has ${decimals})`;
  const shown = cut(written.trim());
  if (digits === 0) return `${rule}: ${shown} is not a whole number`;
  const minor = `${whole}${fraction.slice(0, digits).padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(digits);
  return rest === '' ? `${rule}: ${shown} is ${minor}` : `${rule}: ${shown} is ${cut(`${minor}.${rest}`)}, not a whole number`;
}
