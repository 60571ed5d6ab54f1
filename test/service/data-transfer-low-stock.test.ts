/**
 * A category's low-stock threshold in import and export, as its tax rate: a `lowStockThreshold`
 * column in the categories CSV only when some category has one, the field in the whole-store JSON;
 * both come back as they left; a bad threshold is its row's error.
 */
import Papa from 'papaparse';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
beforeEach(() => {
  t = openTestStore();
});
afterEach(() => t.close());

/** Dogs low at none left (1), Fish never low (0), Birds at the shop's (none), each with a pet. */
function shopWithThresholds() {
  const dogs = t.ok('categories.create', { name: 'Dogs', lowStockThreshold: 1 });
  const fish = t.ok('categories.create', { name: 'Fish', taxRate: 700, lowStockThreshold: 0 });
  const birds = t.ok('categories.create', { name: 'Birds' });
  for (const category of [dogs, fish, birds]) t.ok('pets.create', { name: `In ${category.name}`, categoryId: category.id });
}

const categoriesOf = (store: TestStore) => store.ok('categories.list', {}).items.map(({ id: _id, ...category }) => category);
const categoriesCsv = (store: TestStore) => store.ok('data.export', { format: 'csv', resource: 'categories' }).content;

function inNewStore(body: (into: TestStore) => void) {
  const into = openTestStore();
  try {
    body(into);
  } finally {
    into.close();
  }
}

test('the categories CSV has a lowStockThreshold column once some category has one; 0 is one, none an empty cell', () => {
  t.ok('categories.create', { name: 'Cats' });
  expect(categoriesCsv(t)).toBe('id,name,description\r\n1,Cats,\r\n');
  t.ok('categories.create', { name: 'Dogs', lowStockThreshold: 0 });
  const content = categoriesCsv(t);
  expect(content.split('\r\n')[0]).toBe('id,name,description,lowStockThreshold');
  expect(Papa.parse(content, { header: true, skipEmptyLines: true }).data).toEqual([
    { id: '1', name: 'Cats', description: '', lowStockThreshold: '' },
    { id: '2', name: 'Dogs', description: '', lowStockThreshold: '0' },
  ]);
});

test('a round trip into an empty store gives back each threshold: the categories CSV, and the whole-store JSON', () => {
  shopWithThresholds();
  const expected = categoriesOf(t);
  expect(expected).toEqual([{ name: 'Birds' }, { name: 'Dogs', lowStockThreshold: 1 }, { name: 'Fish', taxRate: 700, lowStockThreshold: 0 }]);
  const csv = categoriesCsv(t);
  const json = t.ok('data.export', { format: 'json' }).content;
  expect(JSON.parse(json).categories[0]).toEqual({ id: 1, name: 'Dogs', lowStockThreshold: 1 });
  inNewStore((into) => {
    expect(into.ok('data.import', { format: 'csv', content: csv, allOrNothing: true })).toMatchObject({ categoriesCreated: ['Dogs', 'Fish', 'Birds'] });
    expect(categoriesOf(into)).toEqual(expected);
  });
  inNewStore((into) => {
    expect(into.ok('data.import', { format: 'json', content: json, allOrNothing: true })).toMatchObject({ imported: 3, categoriesCreated: ['Dogs', 'Fish', 'Birds'] });
    expect(categoriesOf(into)).toEqual(expected);
  });
});

test('a bad threshold is its row\'s error, named by its line; the good rows import', () => {
  const content = ['name,lowStockThreshold', 'Dogs,1', 'Half,1.5', 'Negative,-1', 'Plain,'].join('\r\n');
  const preview = t.ok('data.previewImport', { format: 'csv', content });
  expect(preview.skippedCategories).toEqual([
    'The file\'s category "Half" is not imported: line 3: lowStockThreshold: Must be a whole number',
    'The file\'s category "Negative" is not imported: line 4: lowStockThreshold: Must be at least 0',
  ]);
  expect(t.ok('data.import', { format: 'csv', content })).toEqual({ imported: 0, skipped: 2, categoriesCreated: ['Dogs', 'Plain'] });
  expect(categoriesOf(t)).toEqual([{ name: 'Dogs', lowStockThreshold: 1 }, { name: 'Plain' }]);
});
