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

/** Every day from `from` to `to` (both included) with its span in the zone: 23 or 25 hours when the clocks change. */
export function daysOf(from: string, to: string, timeZone: string): { date: string; span: Span }[] {
  const days: { date: string; span: Span }[] = [];
  let start = startOfDay(from, timeZone);
  for (let date = from; ; date = nextDate(date)) {
    const end = startOfDay(nextDate(date), timeZone);
    days.push({ date, span: { from: start, to: end } });
    if (date >= to) return days;
    start = end;
  }
}
