/**
 * The spans a report reads (src-main/service/report-spans.ts): the days of a range, found with two
 * readings of the clock where a day has 24 hours, agree with src-shared/shop-days.ts's own start of
 * every day, in zones whose clocks changed at midnight, skipped a day, or ran on local mean time;
 * and a span splits into the whole UTC hours inside it and the parts of hours at its edges.
 */
import { describe, expect, test } from 'vitest';
import { nextDate, startOfDay } from '../../src-shared/shop-days';
import { HOUR_MS, daysOf, splitByHours } from '../../src-main/service/report-spans';

describe('daysOf', () => {
  const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kolkata', 'Asia/Kathmandu', 'America/Santiago', 'America/Havana', 'Africa/Casablanca', 'Asia/Tehran', 'America/Sao_Paulo', 'Pacific/Apia', 'Europe/Amsterdam', 'Pacific/Kiritimati', 'UTC'];
  const ranges = [
    ['1900-01-01', '1902-12-31'], // local mean time: offsets with seconds
    ['1937-01-01', '1945-12-31'], // wartime clocks
    ['2008-01-01', '2011-12-31'], // Samoa skipped 30 December 2011
    ['2024-01-01', '2026-12-31'],
  ];
  test.each(zones)('%s: every day from start to end, as shop-days has it', (timeZone) => {
    for (const [from, to] of ranges) {
      let date = from;
      for (const day of daysOf(from, to, timeZone)) {
        expect(day, `${timeZone} ${date}`).toEqual({ date, span: { from: startOfDay(date, timeZone), to: startOfDay(nextDate(date), timeZone) } });
        date = nextDate(date);
      }
      expect(date).toBe(nextDate(to));
    }
  });

  test('a single day, and the days of a change of the clocks', () => {
    expect(daysOf('2026-11-28', '2026-11-28', 'UTC')).toEqual([{ date: '2026-11-28', span: { from: Date.parse('2026-11-28T00:00:00Z'), to: Date.parse('2026-11-29T00:00:00Z') } }]);
    const lengths = daysOf('2026-03-28', '2026-03-30', 'Europe/Berlin').map((day) => (day.span.to - day.span.from) / HOUR_MS);
    expect(lengths).toEqual([24, 23, 24]);
    expect(daysOf('2026-04-04', '2026-04-05', 'Australia/Lord_Howe').map((day) => (day.span.to - day.span.from) / HOUR_MS)).toEqual([24, 24.5]);
  });
});

describe('splitByHours', () => {
  const at = (iso: string) => Date.parse(iso);
  test('whole hours inside; the parts at the edges; none when the span holds no whole hour', () => {
    expect(splitByHours({ from: at('2026-11-27T18:30:00Z'), to: at('2026-11-28T18:30:00Z') })).toEqual({
      hours: { from: at('2026-11-27T19:00:00Z'), to: at('2026-11-28T18:00:00Z') },
      edges: [
        { from: at('2026-11-27T18:30:00Z'), to: at('2026-11-27T19:00:00Z') },
        { from: at('2026-11-28T18:00:00Z'), to: at('2026-11-28T18:30:00Z') },
      ],
    });
    expect(splitByHours({ from: at('2026-11-27T23:00:00Z'), to: at('2026-11-28T23:00:00Z') })).toEqual({ hours: { from: at('2026-11-27T23:00:00Z'), to: at('2026-11-28T23:00:00Z') }, edges: [] });
    expect(splitByHours({ from: at('2026-11-27T10:15:00Z'), to: at('2026-11-27T10:45:00Z') })).toEqual({ hours: null, edges: [{ from: at('2026-11-27T10:15:00Z'), to: at('2026-11-27T10:45:00Z') }] });
    expect(splitByHours({ from: at('1899-12-31T23:40:28Z'), to: at('1900-01-01T23:40:28Z') }).edges).toHaveLength(2);
  });
});
