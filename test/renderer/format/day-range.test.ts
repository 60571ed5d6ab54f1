import { describe, expect, it } from 'vitest';
import { readRange } from '../../../src-renderer/format/day-range';

describe('readRange: the two typed fields of a range of shop days', () => {
  const shown = { from: '2026-11-01', to: '2026-11-28' };

  it('takes days typed as YYYY-MM-DD, with spaces around them', () => {
    expect(readRange({ from: ' 2026-10-01 ', to: '2026-10-31' }, shown, false)).toEqual({ range: { from: '2026-10-01', to: '2026-10-31' }, unread: [], problems: {} });
  });

  it('keeps the day shown for a text that is not a day, and names it', () => {
    for (const text of ['28.11.2026', '2026-02-30', '2026-1-5', 'today', '0001-01-01']) {
      const read = readRange({ from: text, to: '2026-11-28' }, shown, true);
      expect(read.range, text).toEqual(shown);
      expect(read.unread, text).toEqual([{ side: 'from', text }]);
    }
  });

  it('an emptied field is an open end only where the range may have one', () => {
    expect(readRange({ from: '', to: '2026-11-28' }, shown, true).range).toEqual({ from: null, to: '2026-11-28' });
    const required = readRange({ from: '', to: '2026-11-28' }, shown, false);
    expect(required.range).toEqual(shown);
    expect(required.unread).toEqual([{ side: 'from', text: '' }]);
  });

  it('says a last day before the first under the last, and allows one day', () => {
    expect(readRange({ from: '2026-11-10', to: '2026-11-01' }, shown, false).problems).toEqual({ to: 'Must be 2026-11-10 or later: the last day cannot come before the first' });
    expect(readRange({ from: '2026-11-10', to: '2026-11-10' }, shown, false).problems).toEqual({});
    expect(readRange({ from: '', to: '2020-01-01' }, shown, true).problems).toEqual({});
  });
});
