/**
 * The pet record through the service (as IPC calls it): price, SKU and the animal's details on
 * create, PUT and PATCH; what lists and events carry; the bounds of each field; SKUs and
 * microchip numbers unique; the SKU filter.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { PRICE_MAX, latestDateAnywhere } from '../../src-shared/schemas/pet';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { PNG } from '../helpers/images';
import { appendedSince, expectRefused, lastEventId, snapshot } from './support/observe-engines';
import { postgresRows } from './support/postgres-rows';
import { asEngineStore } from './support/sqlite-engine-store';
import { statementsRunBy } from './support/statements';

/** The store of the test running; on SQLite its file's store too, to count the rows the service keeps. */
let t: EngineStore;
let sqlite: TestStore | undefined;
let dogs: number;

/** How many rows the tables hold together, read beneath the service (details and photos have no list of their own). */
async function rowsIn(...tables: string[]): Promise<number> {
  const sql = `SELECT (${tables.map((table) => `(SELECT count(*) FROM ${table})`).join(' + ')}) AS n`;
  if (t.postgresUrl) return (await postgresRows<{ n: number }>(t.postgresUrl, sql.replace(' AS n', '::int AS n')))[0].n; // count(*) is bigint there
  return sqlite!.store.db.prepare(sql).pluck().get() as number;
}

const DETAILS = {
  breed: 'Beagle',
  sex: 'female',
  birthDate: '2024-03-01',
  microchip: '276098100000001',
  vaccinations: [
    { name: 'Rabies', date: '2024-06-01' },
    { name: 'Distemper', date: '2024-07-15' },
  ],
  healthNotes: 'Allergic to chicken.\nCheck ears monthly.',
} as const;

describeOnEngines('the pet record', (fresh, engine) => {
  beforeEach(async () => {
    // SQLite: a store of the file's own (as fresh() opens one), so that rowsIn can read its tables.
    sqlite = engine === 'sqlite' ? openTestStore() : undefined;
    t = sqlite ? asEngineStore(sqlite) : await fresh();
    dogs = (await t.ok('categories.create', { name: 'Dogs' })).id;
  });
  afterEach(() => t.close());

  describe('a pet with its record', () => {
    test('is created with a price, a SKU and the details, and read back whole by id', async () => {
      const pet = await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, price: 49_999, sku: '  BEA-001 ', ...DETAILS });
      expect(pet).toEqual({ id: pet.id, name: 'Daisy', categoryId: dogs, status: 'available', price: 49_999, sku: 'BEA-001', ...DETAILS });
      expect(await t.ok('pets.get', { petId: pet.id })).toEqual(pet);
    });

    test('lists and events carry the price, SKU and photo but not the details; details=true adds them', async () => {
      const mark = await lastEventId(t);
      const pet = await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, price: 100, sku: 'D-1', ...DETAILS });
      const lean = { id: pet.id, name: 'Daisy', categoryId: dogs, status: 'available', price: 100, sku: 'D-1' };
      expect((await t.ok('pets.list', {})).items).toEqual([lean]);
      expect((await t.ok('pets.list', { details: true })).items).toEqual([pet]);
      expect((await t.ok('pets.list', { details: false })).items).toEqual([lean]);
      expect((await appendedSince(t, mark)).filter((event) => event.type === 'pet.created')).toEqual([{ type: 'pet.created', data: lean }]);
      await t.ok('pets.update', { petId: pet.id, changes: { breed: 'Basset' } });
      expect((await appendedSince(t, mark)).filter((event) => event.type === 'pet.updated')).toEqual([{ type: 'pet.updated', data: lean }]);
      await t.ok('photos.put', { petId: pet.id, photo: PNG });
      expect((await t.ok('pets.list', {})).items[0]!.photo).toMatchObject({ contentType: 'image/png', size: PNG.length });
    });

    test('a pet without any of them answers exactly as before: the interface\'s fields only', async () => {
      const pet = await t.ok('pets.create', { name: 'Plain', categoryId: dogs });
      expect(pet).toEqual({ id: pet.id, name: 'Plain', categoryId: dogs, status: 'available' });
      expect(await t.ok('pets.get', { petId: pet.id })).toEqual(pet);
      expect((await t.ok('pets.list', { details: true })).items).toEqual([pet]);
    });

    test('an empty health note and an empty list of vaccinations are none', async () => {
      const pet = await t.ok('pets.create', { name: 'Empty', categoryId: dogs, healthNotes: '   ', vaccinations: [] });
      expect(pet).not.toHaveProperty('healthNotes');
      expect(pet).not.toHaveProperty('vaccinations');
      expect(await rowsIn('pet_details')).toBe(0);
    });
  });

  describe('changing the record', () => {
    test('PATCH changes what it sends, null clears a field, and the rest stays', async () => {
      const pet = await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, price: 100, sku: 'D-1', ...DETAILS });
      const cleared = await t.ok('pets.update', { petId: pet.id, changes: { price: null, breed: null, vaccinations: null, healthNotes: '' } });
      const { breed: _b, vaccinations: _v, healthNotes: _h, price: _p, ...kept } = pet;
      expect(cleared).toEqual(kept);
      expect(await t.ok('pets.get', { petId: pet.id })).toEqual(kept);
      const priced = await t.ok('pets.update', { petId: pet.id, changes: { price: 250 } });
      expect(priced).toEqual({ ...kept, price: 250 });
    });

    test('every field cleared leaves no details row behind', async () => {
      const pet = await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, ...DETAILS });
      await t.ok('pets.update', { petId: pet.id, changes: { breed: null, sex: null, birthDate: null, microchip: null, vaccinations: null, healthNotes: null } });
      expect(await rowsIn('pet_details')).toBe(0);
    });

    test('PUT replaces the interface\'s fields but keeps the record it does not send: an old client never wipes a price', async () => {
      const pet = await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, price: 100, sku: 'D-1', ...DETAILS });
      const replaced = await t.ok('pets.replace', { petId: pet.id, pet: { name: 'Daisy II', categoryId: dogs, status: 'pending' } });
      expect(replaced).toEqual({ ...pet, name: 'Daisy II', status: 'pending' });
      // What PUT sends it replaces, null included.
      const again = await t.ok('pets.replace', { petId: pet.id, pet: { name: 'Daisy II', categoryId: dogs, status: 'pending', price: null, sku: 'D-2' } });
      const { price: _price, ...rest } = replaced;
      expect(again).toEqual({ ...rest, sku: 'D-2' });
    });

    test('a pet keeps its own SKU and chip when it is saved again, in another case too', async () => {
      const pet = await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, sku: 'd-1', microchip: DETAILS.microchip });
      expect(await t.ok('pets.update', { petId: pet.id, changes: { sku: 'D-1', microchip: DETAILS.microchip, name: 'Daisy' } })).toMatchObject({ sku: 'D-1' });
    });
  });

  describe('SKUs and microchip numbers are each one pet\'s', () => {
    test('a SKU another pet has is SKU_TAKEN, case aside, on create, PUT and PATCH; nothing changes', async () => {
      const daisy = await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, sku: 'AB-12' });
      const rex = await t.ok('pets.create', { name: 'Rex', categoryId: dogs });
      const refusal = await expectRefused(t, 'pets.create', { name: 'Max', categoryId: dogs, sku: 'ab-12' }, 'SKU_TAKEN');
      expect(refusal).toEqual({
        code: 'SKU_TAKEN',
        status: 409,
        message: `The SKU "ab-12" belongs to Daisy (pet ${daisy.id}): SKUs are unique (case aside)`,
        details: [{ path: 'sku', message: refusal.message }],
      });
      await expectRefused(t, 'pets.update', { petId: rex.id, changes: { sku: 'Ab-12' } }, 'SKU_TAKEN');
      await expectRefused(t, 'pets.replace', { petId: rex.id, pet: { name: 'Rex', categoryId: dogs, sku: 'AB-12' } }, 'SKU_TAKEN');
    });

    test('a microchip number another pet has is MICROCHIP_TAKEN on create, PUT and PATCH', async () => {
      const daisy = await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, microchip: DETAILS.microchip });
      const rex = await t.ok('pets.create', { name: 'Rex', categoryId: dogs });
      const refusal = await expectRefused(t, 'pets.create', { name: 'Max', categoryId: dogs, microchip: ` ${DETAILS.microchip} ` }, 'MICROCHIP_TAKEN');
      expect(refusal.message).toBe(`The microchip number ${DETAILS.microchip} belongs to Daisy (pet ${daisy.id}): one chip, one animal`);
      expect(refusal.details).toEqual([{ path: 'microchip', message: refusal.message }]);
      await expectRefused(t, 'pets.update', { petId: rex.id, changes: { microchip: DETAILS.microchip } }, 'MICROCHIP_TAKEN');
      await expectRefused(t, 'pets.replace', { petId: rex.id, pet: { name: 'Rex', categoryId: dogs, microchip: DETAILS.microchip } }, 'MICROCHIP_TAKEN');
    });

    test('a SKU or chip cleared, or whose pet is deleted, is free again; the pet\'s details and photo go with it', async () => {
      const daisy = await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, sku: 'AB-12', microchip: DETAILS.microchip });
      await t.ok('pets.update', { petId: daisy.id, changes: { sku: null } });
      const rex = await t.ok('pets.create', { name: 'Rex', categoryId: dogs, sku: 'ab-12' });
      await t.ok('photos.put', { petId: daisy.id, photo: PNG });
      await t.ok('pets.delete', { petId: daisy.id });
      expect(await rowsIn('pet_details', 'pet_photos')).toBe(0);
      expect(await t.ok('pets.update', { petId: rex.id, changes: { microchip: DETAILS.microchip } })).toMatchObject({ microchip: DETAILS.microchip });
    });

    test('with no SKU or chip, any number of pets may share having none', async () => {
      for (const name of ['A', 'B', 'C']) await t.ok('pets.create', { name, categoryId: dogs });
      expect((await t.ok('pets.list', {})).total).toBe(3);
    });
  });

  describe('the SKU filter', () => {
    test('finds the pet with the whole SKU, case aside; a part of one finds nothing', async () => {
      const daisy = await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, sku: 'BEA-001' });
      await t.ok('pets.create', { name: 'Rex', categoryId: dogs, sku: 'BEA-0012' });
      expect((await t.ok('pets.list', { sku: 'bea-001' })).items.map((pet) => pet.id)).toEqual([daisy.id]);
      expect(await t.ok('pets.list', { sku: ' BEA-001 ' })).toMatchObject({ total: 1 });
      expect(await t.ok('pets.list', { sku: 'BEA' })).toEqual({ items: [], total: 0, nextCursor: null });
      expect((await t.ok('pets.list', { sku: 'BEA-001', status: ['sold'] })).total).toBe(0);
    });

    test('its cursor continues the same filter and refuses another', async () => {
      await t.ok('pets.create', { name: 'Daisy', categoryId: dogs, sku: 'BEA-001' });
      await t.ok('pets.create', { name: 'Rex', categoryId: dogs });
      const first = await t.ok('pets.list', { limit: 1 });
      expect((await t.fail('pets.list', { sku: 'BEA-001', limit: 1, cursor: first.nextCursor! })).code).toBe('VALIDATION_FAILED');
    });
  });

  describe('bounds: each field refuses what it cannot hold (VALIDATION_FAILED naming it), and nothing changes', () => {
    const tomorrowAnywhere = () => {
      const latest = new Date(`${latestDateAnywhere()}T00:00:00Z`);
      return new Date(latest.getTime() + 86_400_000).toISOString().slice(0, 10);
    };
    const bad: [string, unknown][] = [
      ['price', -1],
      ['price', 1.5],
      ['price', PRICE_MAX + 1],
      ['price', '100'],
      ['sku', ''],
      ['sku', '   '],
      ['sku', 'X'.repeat(33)],
      ['sku', 'CAFÉ-1'],
      ['sku', 'A\tB'],
      ['breed', ''],
      ['breed', 'x'.repeat(101)],
      ['breed', 'Bea\u0000gle'],
      ['sex', 'f'],
      ['birthDate', '2024-02-30'],
      ['birthDate', '2024/01/01'],
      ['birthDate', '2024-01-01T00:00:00Z'],
      ['microchip', '27609810000000'],
      ['microchip', '2760981000000011'],
      ['microchip', '27609810000000A'],
      ['vaccinations', Array.from({ length: 51 }, () => ({ name: 'Rabies', date: '2024-01-01' }))],
      ['vaccinations', [{ name: 'Rabies' }]],
      ['vaccinations', [{ name: 'Rabies', date: '2024-01-01', dose: 2 }]],
      ['vaccinations', [{ name: '', date: '2024-01-01' }]],
      ['healthNotes', 'x'.repeat(2001)],
      ['healthNotes', 'bell\u0007'],
    ];
    test.each(bad)('%s: %j', async (field, value) => {
      const before = await snapshot(t);
      const error = await expectRefused(t, 'pets.create', { name: 'Max', categoryId: dogs, [field]: value }, 'VALIDATION_FAILED');
      expect(error.details?.map((detail) => detail.path.split('.')[0])).toContain(field);
      expect(await snapshot(t)).toEqual(before);
    });

    test('a birth or vaccination date in the future is refused; the latest day begun anywhere on Earth is not the future', async () => {
      const future = tomorrowAnywhere();
      expect((await expectRefused(t, 'pets.create', { name: 'Max', categoryId: dogs, birthDate: future }, 'VALIDATION_FAILED')).details).toEqual([
        { path: 'birthDate', message: 'Must not be in the future' },
      ]);
      await expectRefused(t, 'pets.create', { name: 'Max', categoryId: dogs, vaccinations: [{ name: 'Rabies', date: future }] }, 'VALIDATION_FAILED');
      expect(await t.ok('pets.create', { name: 'Newborn', categoryId: dogs, birthDate: latestDateAnywhere() })).toMatchObject({ birthDate: latestDateAnywhere() });
    });

    test('the extremes are taken: price 0 and 100,000,000, a 32-character SKU of any printable ASCII, 50 vaccinations, 2,000 characters of notes', async () => {
      const sku = ' !"#$%&\'()*+,-./0123456789:;<=>?@AZ[\\]^_`az{|}~'.slice(1, 33);
      const pet = await t.ok('pets.create', {
        name: 'Max',
        categoryId: dogs,
        price: PRICE_MAX,
        sku,
        vaccinations: Array.from({ length: 50 }, (_, i) => ({ name: `Shot ${i}`, date: '2024-01-01' })),
        healthNotes: 'x'.repeat(2000),
      });
      expect(pet).toMatchObject({ price: PRICE_MAX, sku });
      expect(pet.vaccinations).toHaveLength(50);
      expect(await t.ok('pets.create', { name: 'Free', categoryId: dogs, price: 0 })).toMatchObject({ price: 0 });
    });

    test('PATCH and PUT take null to clear; a new pet takes no null (it leaves the field out)', async () => {
      await expectRefused(t, 'pets.create', { name: 'Max', categoryId: dogs, price: null }, 'VALIDATION_FAILED');
      const pet = await t.ok('pets.create', { name: 'Max', categoryId: dogs, price: 5 });
      expect(await t.ok('pets.update', { petId: pet.id, changes: { price: null } })).not.toHaveProperty('price');
    });
  });
});

// SQLite only: counts the statements better-sqlite3 runs.
describe('the statements of a list', () => {
  beforeEach(() => {
    sqlite = openTestStore();
    dogs = sqlite.ok('categories.create', { name: 'Dogs' }).id;
  });
  afterEach(() => sqlite?.close());

  test('a list reads the pets table alone (the photo\'s facts are on the pet\'s row); details=true adds one query per page', () => {
    for (let i = 0; i < 3; i++) {
      const pet = sqlite!.ok('pets.create', { name: `Pet ${i}`, categoryId: dogs, ...DETAILS, microchip: `27609810000000${i}` });
      sqlite!.ok('photos.put', { petId: pet.id, photo: PNG });
    }
    const lean = statementsRunBy(sqlite!.store.db, () => sqlite!.ok('pets.list', { sort: 'name' }));
    expect([...lean.keys()].filter((sql) => /pet_details|pet_photos/.test(sql))).toEqual([]);
    expect(sqlite!.ok('pets.list', {}).items.every((pet) => pet.photo?.contentType === 'image/png')).toBe(true);
    const whole = statementsRunBy(sqlite!.store.db, () => sqlite!.ok('pets.list', { details: true }));
    expect([...whole].filter(([sql]) => /pet_details|pet_photos/.test(sql)).map(([sql, { runs }]) => [/pet_details/.test(sql), runs])).toEqual([[true, 1]]);
  });
});
