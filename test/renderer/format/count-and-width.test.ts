import type { DataTableColumns } from 'naive-ui';
import { expect, test } from 'vitest';
import { countOf, nounFor } from '../../../src-shared/count';
import { formatCount, withoutGrouping } from '../../../src-renderer/format/number';
import { tableMinWidth } from '../../../src-renderer/format/table-width';

test('a count is singular for exactly one, plural otherwise, with thousands separators', () => {
  expect(countOf(1, 'pet', undefined, 'en-US')).toBe('1 pet');
  expect(countOf(0, 'pet', undefined, 'en-US')).toBe('0 pets');
  expect(countOf(2, 'order', undefined, 'en-US')).toBe('2 orders');
  expect(countOf(1204, 'item', undefined, 'en-US')).toBe('1,204 items');
  expect(countOf(1, 'category', 'categories', 'en-US')).toBe('1 category');
  expect(countOf(3, 'category', 'categories', 'en-US')).toBe('3 categories');
  expect(nounFor(1, 'pet')).toBe('pet');
  expect(nounFor(5, 'pet')).toBe('pets');
});

test('a table is as narrow as its fixed widths plus the minimum of each flexible column', () => {
  const columns: DataTableColumns<{ id: number }> = [
    { title: 'Id', key: 'id', width: 80 },
    { title: 'Name', key: 'name', minWidth: 180, ellipsis: { tooltip: true } },
    { title: 'Note', key: 'note' }, // neither: takes what is left, adds nothing
    { title: 'Stock', key: 'stock', width: '90px' },
    { title: 'Actions', key: 'actions', width: 120, fixed: 'right' },
  ];
  expect(tableMinWidth(columns)).toBe(80 + 180 + 90 + 120);
  expect(tableMinWidth([])).toBe(0);
});

test('a typed number may carry the separators the app writes; a comma that does not group by three stays', () => {
  for (const n of [1000, 25_000, 1_000_000]) expect(Number(withoutGrouping(formatCount(n)))).toBe(n);
  expect(withoutGrouping('-1,000')).toBe('-1000');
  expect(withoutGrouping('1,000.5')).toBe('1000.5');
  for (const text of ['1,5', '1,00', '10,00,000', ',100', '1,000,', 'abc', '1000']) expect(withoutGrouping(text), text).toBe(text);
});
