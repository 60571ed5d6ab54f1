import { h, type VNodeChild } from 'vue';
import { dateTimeFormat } from './date';

/**
 * `formatDateTime`'s text in two pieces, cut where its time begins ("Dec 24, 2026," and
 * "12:00 PM"; together the same words): a narrow table cell breaks the line there, never inside
 * the date ("Dec 24," over "2026, 12:00 PM") nor before "PM".
 */
export function dateTimeLines(iso: string): [string, string] {
  const parts = dateTimeFormat.formatToParts(new Date(iso));
  const timeStarts = parts.findIndex((part) => part.type === 'hour' || part.type === 'dayPeriod');
  if (timeStarts <= 0) return [parts.map((part) => part.value).join(''), ''];
  const text = (from: number, to?: number) => parts.slice(from, to).map((part) => part.value).join('');
  return [text(0, timeStarts).trimEnd(), text(timeStarts)];
}

/**
 * A table cell's date and time that a narrow column breaks onto two lines between the date and
 * the time, and nowhere else; `fallback` when there is none.
 */
export function dateTimeCell(iso: string | null | undefined, fallback: string): VNodeChild {
  if (!iso) return fallback;
  const [day, time] = dateTimeLines(iso);
  return h('span', { class: 'date-lines' }, [h('span', { style: NO_WRAP }, day), ' ', h('span', { style: NO_WRAP }, time)]);
}
const NO_WRAP = { whiteSpace: 'nowrap' };
