/** Label sheets (src-renderer/format/labels.ts): the pets of `?pets=` and the labels cut into A4 sheets. */
import { expect, test } from 'vitest';
import { LABEL_PETS_MAX, petIdsOf, sheetsOf } from '../../../src-renderer/format/labels';

test('?pets= gives positive whole ids, each once, in order; anything else is left out', () => {
  expect(petIdsOf('3,1,2')).toEqual([3, 1, 2]);
  expect(petIdsOf(' 3 , 3,x,0,-1,1.5,,9007199254740992,7')).toEqual([3, 7]);
  expect(petIdsOf(['4,5', '6'])).toEqual([4, 5, 6]);
  expect(petIdsOf(undefined)).toEqual([]);
  expect(petIdsOf(Array.from({ length: LABEL_PETS_MAX + 10 }, (_, i) => i + 1).join(','))).toHaveLength(LABEL_PETS_MAX);
});

test('24 shelf labels or 8 cage labels to a sheet, in order', () => {
  const labels = Array.from({ length: 25 }, (_, i) => i);
  expect(sheetsOf(labels, 'shelf').map((sheet) => sheet.length)).toEqual([24, 1]);
  expect(sheetsOf(labels, 'cage').map((sheet) => sheet.length)).toEqual([8, 8, 8, 1]);
  expect(sheetsOf(labels, 'cage')[3]).toEqual([24]);
  expect(sheetsOf([], 'shelf')).toEqual([]);
});
