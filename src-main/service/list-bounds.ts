import { endOfDay, isCalendarDate, startOfDay } from '../../src-shared/shop-days';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { readSettings } from './settings-read';

/**
 * A list's bound as an instant (ISO, UTC): a date-time as given; a date is a whole day of the
 * shop's time zone, `from` its first instant and `to` the first instant after it (to is exclusive).
 */
function bound(text: string | undefined, edge: 'from' | 'to', timeZone: string): string | undefined {
  if (text === undefined) return undefined;
  if (!isCalendarDate(text)) return new Date(text).toISOString();
  return new Date(edge === 'from' ? startOfDay(text, timeZone) : endOfDay(text, timeZone)).toISOString();
}

/** The sales and the orders lists' `from`/`to` as instants; the settings are read only for a date. */
export function* listBounds(ctx: HandlerContext, from: string | undefined, to: string | undefined): Step<{ from?: string; to?: string }> {
  const needsZone = (from !== undefined && isCalendarDate(from)) || (to !== undefined && isCalendarDate(to));
  const timeZone = needsZone ? (yield* readSettings(ctx)).timeZone : '';
  return { from: bound(from, 'from', timeZone), to: bound(to, 'to', timeZone) };
}
