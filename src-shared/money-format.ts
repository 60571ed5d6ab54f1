/**
 * Amounts in minor units as people read them, and currencies as the runtime knows them (Intl):
 * no table of our own, so JPY has 0 digits, EUR 2 and BHD 3 wherever the code runs. Exact: an
 * amount becomes a decimal string by integer arithmetic, never by dividing a float.
 */

const digitsCache = new Map<string, number>();
/** One formatter per locale and currency: building an Intl.NumberFormat costs far more than formatting (a list of prices pays it per row). */
const formatters = new Map<string, Intl.NumberFormat>();

/** The ISO 4217 codes this runtime knows (the current ones: no XXX, no withdrawn DEM). */
export function knownCurrencies(): readonly string[] {
  return Intl.supportedValuesOf('currency');
}

/** How many digits the currency's minor unit has (JPY 0, EUR 2, BHD 3), as Intl says. */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** An amount in minor units as an exact decimal string: (1999, 2) → "19.99", (-5, 2) → "-0.05", (500, 0) → "500". */
export function minorToDecimal(amount: number, digits: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`An amount must be a whole number of minor units; got ${amount}`);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** An amount for display, with the currency's symbol and the locale's separators (en-US, as the app's
 * other numbers, unless told): 1999 EUR → "€19.99", 1999 JPY → "¥1,999". */
export function formatMoney(amount: number, currency: string, locale = 'en-US'): string {
  const text = minorToDecimal(amount, currencyDigits(currency));
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) formatters.set(key, (formatter = new Intl.NumberFormat(locale, { style: 'currency', currency })));
  // Intl formats a decimal string exactly (no float on the way), as ES2023 specifies.
  return formatter.format(text as Intl.StringNumericLiteral);
}

/** A tax rate in basis points as a percentage: 1900 → "19%", 750 → "7.5%", 5 → "0.05%". */
export function formatTaxRate(basisPoints: number): string {
  return `${minorToDecimal(basisPoints, 2).replace(/\.?0+$/, '')}%`;
}
