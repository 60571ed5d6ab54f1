/**
 * A category's tax rate in import and export: a `taxRate` column in the categories CSV only when
 * some category has one (a store without rates exports the file it always did), the field in the
 * whole-store JSON; both come back as they left; a bad rate is its row's error (dry run and
 * all-or-nothing keep their meaning); a category the store has keeps its own rate, as its description.
 */
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
beforeEach(() => {
  t = openTestStore();
});
afterEach(() => t.close());

/** Food at 7 %, Toys tax-free (0 is a rate), Dogs at the shop's default (none), each with its pet. */
function shopWithRates() {
  const food = t.ok('categories.create', { name: 'Food', description: 'Dry and wet', taxRate: 700 });
  const toys = t.ok('categories.create', { name: 'Toys', taxRate: 0 });
  const dogs = t.ok('categories.create', { name: 'Dogs', description: 'Loyal' });
  for (const category of [food, toys, dogs]) t.ok('pets.create', { name: `In ${category.name}`, categoryId: category.id });
}

const categoriesOf = (store: TestStore) => store.ok('categories.list', {}).items.map(({ id: _id, ...category }) => category);
const categoriesCsv = (store: TestStore) => store.ok('data.export', { format: 'csv', resource: 'categories' }).content;

/** Runs `body` on a fresh empty store, then returns to the first. */
function inNewStore(body: (into: TestStore) => void) {
  const into = openTestStore();
  try {
    body(into);
  } finally {
    into.close();
  }
}

describe('export', () => {
  test('a store without rates exports the categories CSV it always did', () => {
    t.ok('categories.create', { name: 'Dogs', description: 'Loyal' });
    expect(categoriesCsv(t)).toBe('id,name,description\r\n1,Dogs,Loyal\r\n');
  });

  test('the categories CSV has a taxRate column once some category has a rate; 0 is a rate, none an empty cell', () => {
    shopWithRates();
    const content = categoriesCsv(t);
    expect(content.split('\r\n')[0]).toBe('id,name,description,taxRate');
    expect(Papa.parse(content, { header: true, skipEmptyLines: true }).data).toEqual([
      { id: '1', name: 'Food', description: 'Dry and wet', taxRate: '700' },
      { id: '2', name: 'Toys', description: '', taxRate: '0' },
      { id: '3', name: 'Dogs', description: 'Loyal', taxRate: '' },
    ]);
  });

  test('the whole-store JSON gives each category its rate, and none to one without', () => {
    shopWithRates();
    const { categories } = JSON.parse(t.ok('data.export', { format: 'json' }).content);
    expect(categories).toEqual([
      { id: 1, name: 'Food', description: 'Dry and wet', taxRate: 700 },
      { id: 2, name: 'Toys', taxRate: 0 },
      { id: 3, name: 'Dogs', description: 'Loyal' },
    ]);
  });
});

describe('a round trip into an empty store gives back each rate', () => {
  test('the categories CSV, then the pets CSV', () => {
    shopWithRates();
    const expected = categoriesOf(t);
    const categories = categoriesCsv(t);
    const pets = t.ok('data.export', { format: 'csv', resource: 'pets' }).content;
    inNewStore((into) => {
      expect(into.ok('data.import', { format: 'csv', content: categories, allOrNothing: true })).toEqual({ imported: 0, skipped: 0, categoriesCreated: ['Food', 'Toys', 'Dogs'] });
      expect(categoriesOf(into)).toEqual(expected);
      // Announced as a category created by hand is: with its rate.
      const created = into.ok('events.list', {}).filter((event) => event.type === 'category.created').map((event) => event.data);
      expect(created).toEqual([
        { id: 1, name: 'Food', description: 'Dry and wet', taxRate: 700 },
        { id: 2, name: 'Toys', taxRate: 0 },
        { id: 3, name: 'Dogs', description: 'Loyal' },
      ]);
      expect(into.ok('data.import', { format: 'csv', content: pets, allOrNothing: true })).toEqual({ imported: 3, skipped: 0 });
    });
  });

  test('the whole-store JSON', () => {
    shopWithRates();
    const expected = categoriesOf(t);
    const content = t.ok('data.export', { format: 'json' }).content;
    inNewStore((into) => {
      expect(into.ok('data.import', { format: 'json', content, allOrNothing: true })).toMatchObject({ imported: 3, skipped: 0, categoriesCreated: ['Food', 'Toys', 'Dogs'] });
      expect(categoriesOf(into)).toEqual(expected);
    });
  });

  test('a hand-written CSV of names and rates alone is a categories file; its header is read whatever its case', () => {
    expect(t.ok('data.import', { format: 'csv', content: 'Name,TaxRate\nBirds,1900\nFish,\n' })).toEqual({ imported: 0, skipped: 0, categoriesCreated: ['Birds', 'Fish'] });
    expect(categoriesOf(t)).toEqual([{ name: 'Birds', taxRate: 1900 }, { name: 'Fish' }]);
  });
});

describe('a bad rate is its row\'s error', () => {
  const content = [
    'name,description,taxRate',
    'Birds,Feathered,1900',
    'Percent,,7.5',
    'Too much,,10001',
    'Negative,,-1',
    'Words,,lots',
    'Misread,,0.99999999999999999999',
  ].join('\r\n');

  test('each bad rate is named by its line and counted invalid; the preview (a dry run) writes nothing', () => {
    const before = t.ok('events.latest', {});
    const preview = t.ok('data.previewImport', { format: 'csv', content });
    expect(preview.newCategories).toEqual(['Birds']);
    expect(preview.skippedCategories).toEqual([
      'The file\'s category "Percent" is not imported: line 3: taxRate: Must be a whole number',
      'The file\'s category "Too much" is not imported: line 4: taxRate: Must be at most 10,000',
      'The file\'s category "Negative" is not imported: line 5: taxRate: Must be at least 0',
      expect.stringMatching(/^The file's category "Words" is not imported: line 6: taxRate: /),
      'The file\'s category "Misread" is not imported: line 7: taxRate: 0.99999999999999999999 is not a whole number',
    ]);
    expect(preview).toMatchObject({ valid: 0, invalid: 5 });
    expect(t.ok('categories.list', {}).total).toBe(0);
    expect(t.ok('events.latest', {})).toEqual(before);
  });

  test('all or nothing refuses the file and writes nothing; without it the good rows import', () => {
    const refused = t.fail('data.import', { format: 'csv', content, allOrNothing: true });
    expect(refused).toEqual({
      code: 'VALIDATION_FAILED',
      status: 400,
      message: '5 rows are invalid (first: The file\'s category "Percent" is not imported: line 3: taxRate: Must be a whole number); nothing was imported',
    });
    expect(t.ok('categories.list', {}).total).toBe(0);
    expect(t.ok('data.import', { format: 'csv', content })).toEqual({ imported: 0, skipped: 5, categoriesCreated: ['Birds'] });
    expect(categoriesOf(t)).toEqual([{ name: 'Birds', description: 'Feathered', taxRate: 1900 }]);
  });

  test('a whole-store file\'s category with a bad rate is not created, and its pets are refused with it', () => {
    const file = JSON.stringify({
      categories: [{ id: 1, name: 'Food', taxRate: 7.5 }, { id: 2, name: 'Dogs', taxRate: 1900 }],
      pets: [{ id: 1, name: 'Kibble', categoryId: 1 }, { id: 2, name: 'Rex', categoryId: 2 }],
    });
    const preview = t.ok('data.previewImport', { format: 'json', content: file });
    expect(preview.notes).toEqual(['The file\'s category 1 is not imported: taxRate: Must be a whole number']);
    expect(preview.rows.map((row) => [row.outcome, row.errors])).toEqual([
      ['invalid', [{ path: 'categoryId', message: 'The file\'s category 1 is unusable (taxRate: Must be a whole number)' }]],
      ['import', []],
    ]);
    expect(t.fail('data.import', { format: 'json', content: file, allOrNothing: true }).code).toBe('VALIDATION_FAILED');
    expect(t.ok('categories.list', {}).total).toBe(0);
    expect(t.ok('data.import', { format: 'json', content: file })).toEqual({ imported: 1, skipped: 1, categoriesCreated: ['Dogs'] });
    expect(categoriesOf(t)).toEqual([{ name: 'Dogs', taxRate: 1900 }]);
  });
});

describe('a category the store has keeps its own rate, as it keeps its description', () => {
  test('CSV and JSON: left as it is, and said', () => {
    const food = t.ok('categories.create', { name: 'Food', description: 'Ours', taxRate: 700 });
    const toys = t.ok('categories.create', { name: 'Toys' });
    const before = t.ok('events.latest', {});
    const csv = 'name,description,taxRate\nfood,Theirs,1900\nTOYS,,0\n';
    const preview = t.ok('data.previewImport', { format: 'csv', content: csv });
    expect(preview.notes).toEqual(['2 categories are in the store already (same name): left as they are']);
    expect(t.ok('data.import', { format: 'csv', content: csv })).toEqual({ imported: 0, skipped: 0 });
    const json = JSON.stringify({ categories: [{ id: 9, name: 'FOOD', taxRate: 1900 }, { id: 8, name: 'toys', taxRate: 0 }], pets: [] });
    expect(t.ok('data.import', { format: 'json', content: json })).toEqual({ imported: 0, skipped: 0 });
    expect(t.ok('categories.list', {}).items).toEqual([food, toys]);
    expect(t.ok('events.latest', {})).toEqual(before);
  });
});
