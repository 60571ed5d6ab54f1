/**
 * An amount the clerk types at the till ("20", "19.99", "1,234.5") as whole minor units, by
 * string arithmetic (never a float): null for a blank field, undefined for what is no amount or
 * has more decimals than the currency.
 */
export function parseTillAmount(text: string, digits: number): number | null | undefined {
  const typed = text.trim().replace(/[\s,](?=\d{3}(\D|$))/g, '');
  if (typed === '') return null;
  const match = /^(\d{1,13})(?:\.(\d*))?$/.exec(typed) ?? /^()\.(\d+)$/.exec(typed);
  if (!match) return undefined;
  const [, whole, fraction = ''] = match;
  if (fraction.length > digits) return undefined;
  const minor = Number(`${whole || '0'}${fraction.padEnd(digits, '0')}`);
  return Number.isSafeInteger(minor) ? minor : undefined;
}
