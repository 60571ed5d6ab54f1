import { endOfDay, isCalendarDate, startOfDay } from '../../src-shared/shop-days';

/**
 * A list's bound as an instant (ISO, UTC): a date-time as given; a date is a whole day of the
 * shop's time zone, `from` its first instant and `to` the first instant after it (to is exclusive).
 * The sales and the orders lists read their `from`/`to` through it.
 */
export function bound(text: string | undefined, edge: 'from' | 'to', timeZone: () => string): string | undefined {
  if (text === undefined) return undefined;
  if (!isCalendarDate(text)) return new Date(text).toISOString();
  return new Date(edge === 'from' ? startOfDay(text, timeZone()) : endOfDay(text, timeZone())).toISOString();
}
