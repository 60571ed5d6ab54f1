import { describe, expect, test } from 'vitest';
import { formatDateTime, formatDay } from '../../../src-renderer/format/date';

describe('dates as every screen shows them', () => {
  test('a date and time in the one medium/short style of the clerk\'s locale', () => {
    const at = '2026-12-24T12:00:00Z';
    expect(formatDateTime(at)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)));
    expect(formatDay(at)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(at)));
    expect(formatDay(new Date(at))).toBe(formatDay(at));
  });

  test('no instant reads as the fallback the screen asks for', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(undefined, 'never')).toBe('never');
    expect(formatDateTime('', '–')).toBe('–');
  });
});
