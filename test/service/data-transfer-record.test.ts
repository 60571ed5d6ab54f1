/**
 * Import and export of the pet record: price, SKU and the animal's details travel in CSV and JSON
 * and come back as they left (the photo does not travel); bad values and SKUs or chips that
 * another pet has, in the store or earlier in the file, are row errors; the dry run and
 * all-or-nothing modes keep their meaning.
 */
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { ImportPreviewRow } from '../../src-shared/schemas/data';
import type { Pet } from '../../src-shared/schemas/pet';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { PNG } from '../helpers/images';
import { rowsIn, secondStoreOn } from './support/engine-records';

const DETAILS = {
  breed: 'Beagle',
  sex: 'female',
  birthDate: '2024-03-01',
  microchip: '276098100000001',
  vaccinations: [{ name: 'Rabies', date: '2024-06-01' }],
  healthNotes: '=Allergic, "very"\nto chicken',
} as const;

/** Every pet with its details, as a read by id gives them, without ids (a new store numbers them anew). */
const petsInStore = async (store: EngineStore) =>
  (await store.ok('pets.list', { details: true })).items.map(({ id: _id, categoryId: _categoryId, ...pet }) => pet);

describeOnEngines('the pet record in import and export', (fresh, engine) => {
  let t: EngineStore;
  let dogs: number;
  beforeEach(async () => {
    t = await fresh();
    dogs = (await t.ok('categories.create', { name: 'Dogs' })).id;
  });
  afterEach(async () => t.close());
  const secondStore = secondStoreOn(engine);

  async function shopWithRecords(): Promise<Pet[]> {
    const daisy = await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, price: 49_999, sku: 'BEA-001', ...DETAILS });
    const rex = await t.ok('pets.create', { name: 'Rex', categoryId: dogs, price: 0, sku: '-1+2' });
    const plain = await t.ok('pets.create', { name: 'Plain', categoryId: dogs });
    await t.ok('photos.put', { petId: daisy.id, photo: PNG });
    return [daisy, rex, plain];
  }

  describe('export', () => {
    test('CSV: the optional columns follow stock, a list of vaccinations as the JSON a cell holds, formulas guarded', async () => {
      await shopWithRecords();
      const file = await t.ok('data.export', { format: 'csv' });
      const [header] = file.content.split('\r\n');
      expect(header).toBe('id,name,category,categoryId,status,stock,price,sku,breed,sex,birthDate,microchip,vaccinations,healthNotes');
      const rows = Papa.parse<Record<string, string>>(file.content, { header: true, skipEmptyLines: true }).data;
      expect(rows[0]).toMatchObject({ price: '49999', sku: 'BEA-001', microchip: '276098100000001', vaccinations: '[{"name":"Rabies","date":"2024-06-01"}]' });
      expect(rows[0]!.healthNotes).toBe(`'${DETAILS.healthNotes}`);
      expect(rows[1]).toMatchObject({ price: '0', sku: "'-1+2", breed: '' });
      expect(rows[2]).toMatchObject({ price: '', sku: '' });
      // The photo is not in the file.
      expect(file.content).not.toMatch(/photo|image\/png/);
    });

    test('JSON: each pet with the fields it has, none for the others, no photo', async () => {
      const [daisy, rex, plain] = await shopWithRecords();
      const { pets } = JSON.parse((await t.ok('data.export', { format: 'json' })).content);
      expect(pets).toEqual([
        { id: daisy!.id, name: 'Daisy', categoryId: dogs, status: 'available', stock: 1, price: 49_999, sku: 'BEA-001', ...DETAILS },
        { id: rex!.id, name: 'Rex', categoryId: dogs, status: 'available', stock: 1, price: 0, sku: '-1+2' },
        { id: plain!.id, name: 'Plain', categoryId: dogs, status: 'available', stock: 1 },
      ]);
    });
  });

  describe('a round trip into an empty store gives back every field (but the photo)', () => {
    for (const format of ['csv', 'json'] as const) {
      test(format, async () => {
        await shopWithRecords();
        const content = (await t.ok('data.export', { format })).content;
        const expected = (await petsInStore(t)).map(({ photo: _photo, ...pet }) => pet);
        const source = t;
        t = await secondStore();
        try {
          // A pets CSV names categories the store has (a whole-store JSON export brings its own).
          if (format === 'csv') await t.ok('categories.create', { name: 'Dogs' });
          const result = await t.ok('data.import', { format, content });
          expect(result).toMatchObject({ imported: 3, skipped: 0 });
          expect(await petsInStore(t)).toEqual(expected);
          expect(await rowsIn(t, 'SELECT count(*) AS n FROM pet_photos')).toEqual([{ n: 0 }]);
        } finally {
          await t.close();
          t = source;
        }
      });
    }
  });

  describe('import: bad values and taken SKUs are row errors', () => {
    const csv = (...rows: string[]) => ['name,category,price,sku,microchip,sex,vaccinations', ...rows].join('\n');

    test('each problem is named on its row; the other rows import', async () => {
      await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, sku: 'BEA-001', microchip: DETAILS.microchip });
      const preview = await t.ok('data.previewImport', {
        format: 'csv',
        content: csv(
          'Good,Dogs,1999,NEW-1,,Male,',
          'Cents,Dogs,12.50,,,,',
          'Huge,Dogs,0.99999999999999999999,,,,',
          'Taken,Dogs,,bea-001,,,',
          'Chipped,Dogs,,,276098100000001,,',
          'Again,Dogs,,new-1,,,',
          'Vax,Dogs,,,,,Rabies 2024-01-01',
          'Accented,Dogs,,CAFÉ,,,',
        ),
      });
      const byName: Record<string, ImportPreviewRow> = Object.fromEntries(preview.rows.map((row) => [row.values.name, row]));
      expect(byName.Good).toMatchObject({ outcome: 'import', pet: { name: 'Good', price: 1999, sku: 'NEW-1', sex: 'male' } });
      expect(byName.Cents!.errors).toEqual([{ path: 'price', message: "Prices are whole numbers of the currency's minor unit (EUR has 2 decimals): 12.50 is 1250" }]);
      expect(byName.Huge!.errors).toEqual([{ path: 'price', message: expect.stringMatching(/not a whole number/) }]);
      expect(byName.Taken!.errors).toEqual([{ path: 'sku', message: 'Pet 1 of the store has this SKU (SKUs are unique, case aside)' }]);
      expect(byName.Chipped!.errors).toEqual([{ path: 'microchip', message: 'Pet 1 of the store has this microchip number' }]);
      expect(byName.Again!.errors).toEqual([{ path: 'sku', message: 'The file gives this SKU to line 2 too' }]);
      expect(byName.Vax!.errors).toEqual([{ path: 'vaccinations', message: 'Must be a JSON list of {"name", "date"}, as an export writes it' }]);
      expect(byName.Accented!.errors.map((error) => error.path)).toEqual(['sku']);
      expect(preview).toMatchObject({ valid: 1, invalid: 7 });
    });

    test('a chip repeated in the file is refused on its second row, in JSON too', async () => {
      const content = JSON.stringify([
        { name: 'One', category: 'Dogs', microchip: DETAILS.microchip },
        { name: 'Two', category: 'Dogs', microchip: DETAILS.microchip },
      ]);
      const preview = await t.ok('data.previewImport', { format: 'json', content });
      expect(preview.rows.map((row) => row.outcome)).toEqual(['import', 'invalid']);
      expect(preview.rows[1]!.errors).toEqual([{ path: 'microchip', message: 'The file gives this microchip number to item 1 too' }]);
    });

    test('all or nothing: one taken SKU refuses the whole file and writes nothing; without it the good rows import', async () => {
      await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, sku: 'BEA-001' });
      const content = csv('Good,Dogs,100,NEW-1,,,', 'Taken,Dogs,,BEA-001,,,');
      const refusal = await t.fail('data.import', { format: 'csv', content, allOrNothing: true });
      expect(refusal).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(/line 3: sku: Pet 1 of the store has this SKU/) });
      expect((await t.ok('pets.list', {})).total).toBe(1);
      expect(await t.ok('data.import', { format: 'csv', content })).toEqual({ imported: 1, skipped: 1 });
      expect((await t.ok('pets.list', { sku: 'new-1' })).items).toEqual([expect.objectContaining({ name: 'Good', price: 100, sku: 'NEW-1' })]);
    });

    test('the preview (a dry run) writes nothing', async () => {
      const before = await t.ok('events.latest', {});
      await t.ok('data.previewImport', { format: 'csv', content: csv('Good,Dogs,100,NEW-1,,,') });
      expect((await t.ok('pets.list', {})).total).toBe(0);
      expect(await t.ok('events.latest', {})).toEqual(before);
    });

    test('an imported pet is announced as a new pet is: price and SKU, not the details', async () => {
      const before = (await t.ok('events.latest', {})).lastEventId;
      await t.ok('data.import', { format: 'json', content: JSON.stringify([{ name: 'Daisy', category: 'Dogs', price: 5, sku: 'D-1', breed: 'Beagle' }]) });
      const created = (await t.ok('events.list', { after: before })).find((event) => event.type === 'pet.created')!;
      expect(created.data).toEqual({ id: expect.any(Number), name: 'Daisy', categoryId: dogs, status: 'available', price: 5, sku: 'D-1' });
    });
  });
});
