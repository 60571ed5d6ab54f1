/**
 * The shop's days: where a calendar day (`YYYY-MM-DD`) begins and ends in the shop's time zone
 * (setting `timeZone`, an IANA name), as instants. Lists of sales and the reports count days so
 * (docs/decisions.md#a-date-in-a-filter-is-a-whole-day-of-the-shop). Plain Intl, no tables of ours:
 * a day on which the clocks change has 23 or 25 hours, and one whose midnight the clocks skip
 * begins at the first instant that reads that date.
 */

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The first and last days a filter or a report may name: each has a first and a last instant in every zone. */
export const FIRST_SHOP_DATE = '1900-01-01';
export const LAST_SHOP_DATE = '9999-12-30';

/** Whether `text` is a calendar date from FIRST_SHOP_DATE to LAST_SHOP_DATE. */
export const isShopDate = (text: string): boolean => isCalendarDate(text) && text >= FIRST_SHOP_DATE && text <= LAST_SHOP_DATE;

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = CALENDAR_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = utcDay(year, month, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Midnight UTC of a day; setUTCFullYear, as Date.UTC reads the years 0–99 as 1900–1999. Days past the month's end roll over. */
function utcDay(year: number, month: number, day: number): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      era: 'short',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock reading of an instant in a zone, as if that reading were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const { type, value } of formatIn(timeZone).formatToParts(new Date(instant))) parts[type] = value;
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year);
  const utc = utcDay(year, Number(parts.month), Number(parts.day));
  utc.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second));
  return utc.getTime();
}

/** The zone's offset from UTC at an instant, in ms (Berlin in summer: +7,200,000). */
const offsetAt = (instant: number, timeZone: string): number => wallClock(instant - (instant % 1000), timeZone) - (instant - (instant % 1000));

/** The calendar date an instant falls on in the zone. */
export function dateIn(instant: number, timeZone: string): string {
  return new Date(wallClock(instant, timeZone)).toISOString().slice(0, 10);
}

/** The first instant (ms) of the calendar day `date` in the zone. */
export function startOfDay(date: string, timeZone: string): number {
  const match = CALENDAR_DATE.exec(date);
  if (!match || !isCalendarDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  const asUtc = utcDay(Number(match[1]), Number(match[2]), Number(match[3])).getTime();
  // Midnight less the offset in force then; the offset may differ on either side of a change, so
  // both readings are tried, and the earliest that falls on the date is the day's start. Where the
  // clocks skip midnight, that is the instant they jump (the day's first reading, 01:00).
  const first = asUtc - offsetAt(asUtc, timeZone);
  const candidates = [first, asUtc - offsetAt(first, timeZone)];
  const onTheDay = candidates.filter((instant) => dateIn(instant, timeZone) === date).sort((a, b) => a - b);
  if (onTheDay.length) return onTheDay[0];
  // Both readings fall the day before (the clocks jumped over midnight): the day begins at the jump.
  let low = Math.min(...candidates);
  let high = low + 6 * 3_600_000;
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (dateIn(middle, timeZone) < date) low = middle;
    else high = middle;
  }
  return high;
}

/** The calendar date after `date` (`2026-12-31` → `2027-01-01`). */
export function nextDate(date: string): string {
  const match = CALENDAR_DATE.exec(date)!;
  return utcDay(Number(match[1]), Number(match[2]), Number(match[3]) + 1).toISOString().slice(0, 10);
}

/** The first instant (ms) after the calendar day `date` in the zone: where the day ends, exclusive. */
export const endOfDay = (date: string, timeZone: string): number => startOfDay(nextDate(date), timeZone);
