import { isShopDate } from '../../src-shared/shop-days';

/** The two ends of a range of the shop's days (YYYY-MM-DD); null is an open end. */
export type RangeSide = 'from' | 'to';
export type DayRange = Record<RangeSide, string | null>;
/** What is wrong with a range, said under the side it concerns. */
export type RangeProblems = Partial<Record<RangeSide, string>>;

/** A range as two typed fields give it. */
export interface ReadRange {
  /** The range the fields mean, a text that is not a day standing for the day it replaced. */
  range: DayRange;
  /** The fields whose text is not a day (or is empty where a day is needed): to be put back. */
  unread: { side: RangeSide; text: string }[];
  /** A last day before the first. */
  problems: RangeProblems;
}

/**
 * Reads the texts of a range's two fields against the range they show (`shown`): a shop day is
 * taken, an empty field is an open end when `optional`, anything else keeps the day shown.
 */
export function readRange(texts: Record<RangeSide, string>, shown: DayRange, optional: boolean): ReadRange {
  const range: DayRange = { ...shown };
  const unread: ReadRange['unread'] = [];
  for (const side of ['from', 'to'] as const) {
    const text = texts[side].trim();
    if (text === '' ? optional : isShopDate(text)) range[side] = text === '' ? null : text;
    else unread.push({ side, text });
  }
  const { from, to } = range;
  const problems: RangeProblems = from !== null && to !== null && to < from ? { to: `Must be ${from} or later: the last day cannot come before the first` } : {};
  return { range, unread, problems };
}
