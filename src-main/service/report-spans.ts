/**
 * The spans a report reads: the shop's days as instants, and a span cut into the whole UTC hours
 * the summaries hold and the parts of hours at its edges, which are read from the records (a zone
 * whose midnight is not on the hour, such as Asia/Kolkata, or a range from an ancient date).
 */
import { nextDate, startOfDay } from '../../src-shared/shop-days';

export const HOUR_MS = 3_600_000;

/** From `from` to before `to`, in ms since the epoch. */
export interface Span {
  from: number;
  to: number;
}

/** An instant as stored (ISO 8601, UTC, with ms). */
export const isoOf = (instant: number): string => new Date(instant).toISOString();
/** The summaries' key of the hour an instant falls in: `2026-11-28T14`. */
export const hourOf = (instant: number): string => isoOf(instant).slice(0, 13);
/** The first instant of a summaries' hour. */
export const hourStart = (hour: string): number => Date.parse(`${hour}:00:00.000Z`);

/** A span as the whole hours inside it (none when it holds none) and the parts of hours left at its edges. */
export function splitByHours({ from, to }: Span): { hours: Span | null; edges: Span[] } {
  const first = Math.ceil(from / HOUR_MS) * HOUR_MS;
  const last = Math.floor(to / HOUR_MS) * HOUR_MS;
  if (first >= last) return { hours: null, edges: from < to ? [{ from, to }] : [] };
  const edges: Span[] = [];
  if (from < first) edges.push({ from, to: first });
  if (last < to) edges.push({ from: last, to });
  return { hours: { from: first, to: last }, edges };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** The calendar date an instant falls on in the zone, by one call of a kept formatter (en-CA writes YYYY-MM-DD). */
function localDate(instant: number, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) dateFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return format.format(instant);
}

/**
 * Every day from `from` to `to` (both included) with its span in the zone: 23 or 25 hours when the
 * clocks change. A day is taken to end 24 hours after it began when the clock reads the next date
 * then and this one a second before (two readings); otherwise its end is found as shop-days finds
 * any day's start (a dozen readings): a year by day needs its 366 boundaries.
 */
export function daysOf(from: string, to: string, timeZone: string): { date: string; span: Span }[] {
  const days: { date: string; span: Span }[] = [];
  let start = startOfDay(from, timeZone);
  for (let date = from; ; date = nextDate(date)) {
    const next = nextDate(date);
    const guess = start + 24 * HOUR_MS;
    const end = localDate(guess, timeZone) === next && localDate(guess - 1000, timeZone) === date ? guess : startOfDay(next, timeZone);
    days.push({ date, span: { from: start, to: end } });
    if (date >= to) return days;
    start = end;
  }
}
