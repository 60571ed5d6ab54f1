/**
 * src-shared/shop-days.ts: where a calendar day begins and ends in a time zone, on ordinary days
 * and on the days the clocks change (23 and 25 hours), also where they skip midnight itself.
 */
import { describe, expect, test } from 'vitest';
import { dateIn, endOfDay, isCalendarDate, nextDate, startOfDay } from '../../src-shared/shop-days';

const iso = (ms: number) => new Date(ms).toISOString();
const hours = (date: string, zone: string) => (endOfDay(date, zone) - startOfDay(date, zone)) / 3_600_000;

describe('startOfDay and endOfDay', () => {
  test.each([
    ['2026-11-28', 'UTC', '2026-11-28T00:00:00.000Z', 24],
    ['2026-11-28', 'Europe/Berlin', '2026-11-27T23:00:00.000Z', 24],
    ['2026-11-28', 'America/New_York', '2026-11-28T05:00:00.000Z', 24],
    ['2026-11-28', 'Pacific/Kiritimati', '2026-11-27T10:00:00.000Z', 24],
    ['2026-11-28', 'Asia/Kolkata', '2026-11-27T18:30:00.000Z', 24],
    // Berlin's clocks go forward at 02:00 (23 hours) and back at 03:00 (25 hours).
    ['2026-03-29', 'Europe/Berlin', '2026-03-28T23:00:00.000Z', 23],
    ['2026-10-25', 'Europe/Berlin', '2026-10-24T22:00:00.000Z', 25],
    // Santiago's go forward at midnight: the day begins at 01:00, when they jump.
    ['2026-09-06', 'America/Santiago', '2026-09-06T04:00:00.000Z', 23],
    // …and back at midnight: the day begins at the second midnight, after the hour repeated of the day before.
    ['2026-04-05', 'America/Santiago', '2026-04-05T04:00:00.000Z', 24],
  ])('%s in %s begins at %s and has %i hours', (date, zone, start, length) => {
    expect(iso(startOfDay(date, zone))).toBe(start);
    expect(hours(date, zone)).toBe(length);
    expect(dateIn(startOfDay(date, zone), zone)).toBe(date);
    expect(dateIn(startOfDay(date, zone) - 1000, zone)).not.toBe(date);
    expect(dateIn(endOfDay(date, zone) - 1000, zone)).toBe(date);
  });

  test('a date that is no date is a RangeError', () => {
    expect(() => startOfDay('2026-02-30', 'UTC')).toThrow(RangeError);
    expect(() => startOfDay('28.11.2026', 'UTC')).toThrow(RangeError);
  });
});

test('isCalendarDate and nextDate: leap years, month and year ends, years before 100', () => {
  expect(['2024-02-29', '2026-12-31', '0001-01-01'].map(isCalendarDate)).toEqual([true, true, true]);
  expect(['2026-02-29', '2026-13-01', '2026-1-01', '2026-11-28T00:00:00Z'].map(isCalendarDate)).toEqual([false, false, false, false]);
  expect(['2026-12-31', '2028-02-28', '2027-02-28', '0099-12-31'].map(nextDate)).toEqual(['2027-01-01', '2028-02-29', '2027-03-01', '0100-01-01']);
});
