/**
 * A category field that overrides a shop setting (`taxRate`, `lowStockThreshold`) in import and
 * export: its column in the categories CSV only when some category has a value (a store without
 * any exports the file it always did), the field in the whole-store JSON; both come back as they
 * left; a bad value is its row's error (dry run and all-or-nothing keep their meaning); a category
 * the store has keeps its own value, as its description. One body for each field.
 */
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CATEGORY_OVERRIDES } from '../helpers/category-overrides';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { secondStoreOn } from './support/engine-records';

const categoriesOf = async (store: EngineStore) => (await store.ok('categories.list', {})).items.map(({ id: _id, ...category }) => category);
const categoriesCsv = async (store: EngineStore) => (await store.ok('data.export', { format: 'csv', resource: 'categories' })).content;

describeOnEngines('category overrides in import and export', (fresh, engine) => {
  let t: EngineStore;
  beforeEach(async () => {
    t = await fresh();
  });
  afterEach(async () => t.close());
  const secondStore = secondStoreOn(engine);

  /** Runs `body` on a fresh empty store (another file or database), then returns to the first. */
  async function inNewStore(body: (into: EngineStore) => Promise<void>) {
    const into = await secondStore();
    try {
      await body(into);
    } finally {
      await into.close();
    }
  }

  describe.each(CATEGORY_OVERRIDES)("a category's $field in import and export", ({ field, max, values: [value, other] }) => {
    /** Food with its own value, Toys at 0 (a value), Dogs at the shop's (none), each with its pet. */
    async function shopWithValues() {
      const food = await t.ok('categories.create', { name: 'Food', description: 'Dry and wet', [field]: value });
      const toys = await t.ok('categories.create', { name: 'Toys', [field]: 0 });
      const dogs = await t.ok('categories.create', { name: 'Dogs', description: 'Loyal' });
      for (const category of [food, toys, dogs]) await t.ok('pets.create', { name: `In ${category.name}`, categoryId: category.id });
    }

    test('a store without values exports the categories CSV it always did', async () => {
      await t.ok('categories.create', { name: 'Dogs', description: 'Loyal' });
      expect(await categoriesCsv(t)).toBe('id,name,description\r\n1,Dogs,Loyal\r\n');
    });

    test('the categories CSV has its column once some category has a value; 0 is a value, none an empty cell', async () => {
      await shopWithValues();
      const content = await categoriesCsv(t);
      expect(content.split('\r\n')[0]).toBe(`id,name,description,${field}`);
      expect(Papa.parse(content, { header: true, skipEmptyLines: true }).data).toEqual([
        { id: '1', name: 'Food', description: 'Dry and wet', [field]: String(value) },
        { id: '2', name: 'Toys', description: '', [field]: '0' },
        { id: '3', name: 'Dogs', description: 'Loyal', [field]: '' },
      ]);
    });

    test('the whole-store JSON gives each category its value, and none to one without', async () => {
      await shopWithValues();
      const { categories } = JSON.parse((await t.ok('data.export', { format: 'json' })).content);
      expect(categories).toEqual([
        { id: 1, name: 'Food', description: 'Dry and wet', [field]: value },
        { id: 2, name: 'Toys', [field]: 0 },
        { id: 3, name: 'Dogs', description: 'Loyal' },
      ]);
    });

    test('a round trip into an empty store gives back each value: the categories CSV then the pets CSV, announced as created by hand', async () => {
      await shopWithValues();
      const expected = await categoriesOf(t);
      const categories = await categoriesCsv(t);
      const pets = (await t.ok('data.export', { format: 'csv', resource: 'pets' })).content;
      await inNewStore(async (into) => {
        expect(await into.ok('data.import', { format: 'csv', content: categories, allOrNothing: true })).toEqual({ imported: 0, skipped: 0, categoriesCreated: ['Food', 'Toys', 'Dogs'] });
        expect(await categoriesOf(into)).toEqual(expected);
        const created = (await into.ok('events.list', {})).filter((event) => event.type === 'category.created').map((event) => event.data);
        expect(created).toEqual([
          { id: 1, name: 'Food', description: 'Dry and wet', [field]: value },
          { id: 2, name: 'Toys', [field]: 0 },
          { id: 3, name: 'Dogs', description: 'Loyal' },
        ]);
        expect(await into.ok('data.import', { format: 'csv', content: pets, allOrNothing: true })).toEqual({ imported: 3, skipped: 0 });
      });
    });

    test('a round trip of the whole-store JSON gives back each value', async () => {
      await shopWithValues();
      const expected = await categoriesOf(t);
      const content = (await t.ok('data.export', { format: 'json' })).content;
      await inNewStore(async (into) => {
        expect(await into.ok('data.import', { format: 'json', content, allOrNothing: true })).toMatchObject({ imported: 3, skipped: 0, categoriesCreated: ['Food', 'Toys', 'Dogs'] });
        expect(await categoriesOf(into)).toEqual(expected);
      });
    });

    test('a hand-written CSV of names and values alone is a categories file; its header is read whatever its case', async () => {
      const header = `Name,${field[0]!.toUpperCase()}${field.slice(1)}`;
      expect(await t.ok('data.import', { format: 'csv', content: `${header}\nBirds,${other}\nFish,\n` })).toEqual({ imported: 0, skipped: 0, categoriesCreated: ['Birds', 'Fish'] });
      expect(await categoriesOf(t)).toEqual([{ name: 'Birds', [field]: other }, { name: 'Fish' }]);
    });

    describe("a bad value is its row's error", () => {
      const content = [
        `name,description,${field}`,
        `Birds,Feathered,${other}`,
        'Fraction,,7.5',
        `Too much,,${max + 1}`,
        'Negative,,-1',
        'Words,,lots',
        'Misread,,0.99999999999999999999',
      ].join('\r\n');

      test('each is named by its line and counted invalid; the preview (a dry run) writes nothing', async () => {
        const before = await t.ok('events.latest', {});
        const preview = await t.ok('data.previewImport', { format: 'csv', content });
        expect(preview.newCategories).toEqual(['Birds']);
        expect(preview.skippedCategories).toEqual([
          `The file's category "Fraction" is not imported: line 3: ${field}: Must be a whole number`,
          `The file's category "Too much" is not imported: line 4: ${field}: Must be at most ${max.toLocaleString('en-US')}`,
          `The file's category "Negative" is not imported: line 5: ${field}: Must be at least 0`,
          expect.stringMatching(new RegExp(`^The file's category "Words" is not imported: line 6: ${field}: `)),
          `The file's category "Misread" is not imported: line 7: ${field}: 0.99999999999999999999 is not a whole number`,
        ]);
        expect(preview).toMatchObject({ valid: 0, invalid: 5 });
        expect((await t.ok('categories.list', {})).total).toBe(0);
        expect(await t.ok('events.latest', {})).toEqual(before);
      });

      test('all or nothing refuses the file and writes nothing; without it the good rows import', async () => {
        expect(await t.fail('data.import', { format: 'csv', content, allOrNothing: true })).toEqual({
          code: 'VALIDATION_FAILED',
          status: 400,
          message: `5 rows are invalid (first: The file's category "Fraction" is not imported: line 3: ${field}: Must be a whole number); nothing was imported`,
        });
        expect((await t.ok('categories.list', {})).total).toBe(0);
        expect(await t.ok('data.import', { format: 'csv', content })).toEqual({ imported: 0, skipped: 5, categoriesCreated: ['Birds'] });
        expect(await categoriesOf(t)).toEqual([{ name: 'Birds', description: 'Feathered', [field]: other }]);
      });

      test("a whole-store file's category with a bad value is not created, and its pets are refused with it", async () => {
        const file = JSON.stringify({
          categories: [{ id: 1, name: 'Food', [field]: 7.5 }, { id: 2, name: 'Dogs', [field]: other }],
          pets: [{ id: 1, name: 'Kibble', categoryId: 1 }, { id: 2, name: 'Rex', categoryId: 2 }],
        });
        const preview = await t.ok('data.previewImport', { format: 'json', content: file });
        expect(preview.notes).toEqual([`The file's category 1 is not imported: ${field}: Must be a whole number`]);
        expect(preview.rows.map((row) => [row.outcome, row.errors])).toEqual([
          ['invalid', [{ path: 'categoryId', message: `The file's category 1 is unusable (${field}: Must be a whole number)` }]],
          ['import', []],
        ]);
        expect((await t.fail('data.import', { format: 'json', content: file, allOrNothing: true })).code).toBe('VALIDATION_FAILED');
        expect((await t.ok('categories.list', {})).total).toBe(0);
        expect(await t.ok('data.import', { format: 'json', content: file })).toEqual({ imported: 1, skipped: 1, categoriesCreated: ['Dogs'] });
        expect(await categoriesOf(t)).toEqual([{ name: 'Dogs', [field]: other }]);
      });
    });

    test('a category the store has keeps its own value, CSV or JSON: left as it is, and said', async () => {
      const food = await t.ok('categories.create', { name: 'Food', description: 'Ours', [field]: value });
      const toys = await t.ok('categories.create', { name: 'Toys' });
      const before = await t.ok('events.latest', {});
      const csv = `name,description,${field}\nfood,Theirs,${other}\nTOYS,,0\n`;
      const preview = await t.ok('data.previewImport', { format: 'csv', content: csv });
      expect(preview.notes).toEqual(['2 categories are in the store already (same name): left as they are']);
      expect(await t.ok('data.import', { format: 'csv', content: csv })).toEqual({ imported: 0, skipped: 0 });
      const json = JSON.stringify({ categories: [{ id: 9, name: 'FOOD', [field]: other }, { id: 8, name: 'toys', [field]: 0 }], pets: [] });
      expect(await t.ok('data.import', { format: 'json', content: json })).toEqual({ imported: 0, skipped: 0 });
      expect((await t.ok('categories.list', {})).items).toEqual([food, toys]);
      expect(await t.ok('events.latest', {})).toEqual(before);
    });
  });

  test('a category with both fields comes back with both, by CSV and by JSON', async () => {
    await t.ok('categories.create', { name: 'Fish', taxRate: 700, lowStockThreshold: 0 });
    await t.ok('categories.create', { name: 'Birds' });
    const expected = await categoriesOf(t);
    expect((await categoriesCsv(t)).split('\r\n')[0]).toBe('id,name,description,taxRate,lowStockThreshold');
    const csv = await categoriesCsv(t);
    const json = (await t.ok('data.export', { format: 'json' })).content;
    for (const [format, content] of [['csv', csv], ['json', json]] as const) {
      await inNewStore(async (into) => {
        await into.ok('data.import', { format, content, allOrNothing: true });
        expect(await categoriesOf(into)).toEqual(expected);
      });
    }
  });
});
