/**
 * pets.bulkUpdate through the service (as IPC calls it): the same category, status or price set on
 * many pets in one transaction; any refusal (a missing pet, a missing category, a status open orders
 * forbid) changes none of them; each pet changed is one pet.updated event; bad input is refused.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { BULK_PETS_MAX } from '../../src-shared/schemas/pet';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';
import { appendedSince, expectRefused, lastEventId, standing } from './support/observe-engines';

describeOnEngines('pets.bulkUpdate', (fresh) => {
  let t: EngineStore;
  let dogs: number;
  let cats: number;
  beforeEach(async () => {
    t = await fresh();
    dogs = (await t.ok('categories.create', { name: 'Dogs' })).id;
    cats = (await t.ok('categories.create', { name: 'Cats' })).id;
  });
  afterEach(() => t.close());

  const petsIn = async (categoryId: number, count: number) => {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push((await t.ok('pets.create', { name: `Pup ${i + 1}`, categoryId, price: 1000 })).id);
    return ids;
  };

  describe('a bulk change', () => {
    test('empties a category of 100 pets in one call: each pet moved, one pet.updated each', async () => {
      const ids = await petsIn(dogs, 100);
      const mark = await lastEventId(t);
      expect(await t.ok('pets.bulkUpdate', { petIds: ids, changes: { categoryId: cats } })).toEqual({ updated: 100 });
      expect((await t.ok('pets.list', { categoryId: dogs })).total).toBe(0);
      expect((await t.ok('pets.list', { categoryId: cats, limit: 500 })).items.map((pet) => pet.id)).toEqual(ids);
      const events = await appendedSince(t, mark);
      expect(events.map((event) => event.type)).toEqual(Array(100).fill('pet.updated'));
      expect(events.map((event) => event.data.id)).toEqual(ids);
      await t.ok('categories.delete', { categoryId: dogs }); // nothing holds it any more
    });

    test('sets a price, clears it with null, and sets a status with the stock rules of a PATCH', async () => {
      const ids = await petsIn(dogs, 3);
      await t.ok('pets.bulkUpdate', { petIds: ids, changes: { price: 2599 } });
      expect((await t.ok('pets.list', { id: ids })).items.map((pet) => pet.price)).toEqual([2599, 2599, 2599]);
      await t.ok('pets.bulkUpdate', { petIds: ids, changes: { price: null } });
      expect((await t.ok('pets.list', { id: ids })).items.map((pet) => pet.price)).toEqual([undefined, undefined, undefined]);
      await t.ok('pets.bulkUpdate', { petIds: ids.slice(0, 2), changes: { status: 'sold' } });
      expect(await Promise.all(ids.map((id) => standing(t, id)))).toEqual([
        { status: 'sold', stock: 0 },
        { status: 'sold', stock: 0 },
        { status: 'available', stock: 1 },
      ]);
      await t.ok('pets.bulkUpdate', { petIds: ids, changes: { status: 'available', categoryId: cats } });
      expect(await Promise.all(ids.map((id) => standing(t, id)))).toEqual(Array(3).fill({ status: 'available', stock: 1 }));
    });
  });

  describe('all or nothing', () => {
    test('a pet with open orders refused "sold" leaves every pet as it was, and the message names it', async () => {
      const ids = await petsIn(dogs, 3);
      await t.ok('orders.place', { petId: ids[2] });
      const error = await expectRefused(t, 'pets.bulkUpdate', { petIds: ids, changes: { status: 'sold', price: 1 } }, 'PET_HAS_OPEN_ORDERS');
      expect(error.message).toContain(`pet ${ids[2]}`);
      expect(error.message).toContain('Nothing was changed');
    });

    test('a missing pet is 404 naming it, before anything is changed', async () => {
      const ids = await petsIn(dogs, 2);
      const error = await expectRefused(t, 'pets.bulkUpdate', { petIds: [...ids, 9999], changes: { categoryId: cats } }, 'NOT_FOUND');
      expect(error.message).toBe('Pet 9999 does not exist: nothing was changed');
    });

    test('a missing category is REFERENCE_NOT_FOUND on changes.categoryId', async () => {
      const ids = await petsIn(dogs, 2);
      const error = await expectRefused(t, 'pets.bulkUpdate', { petIds: ids, changes: { categoryId: 9999 } }, 'REFERENCE_NOT_FOUND');
      expect(error.details).toEqual([{ path: 'changes.categoryId', message: 'Category 9999 does not exist' }]);
    });
  });

  describe('bad input is refused with VALIDATION_FAILED, naming the field', () => {
    test.each([
      ['no pets', { petIds: [], changes: { price: 1 } }, 'petIds'],
      ['a pet twice', { petIds: [1, 1], changes: { price: 1 } }, 'petIds'],
      ['too many pets', { petIds: Array.from({ length: BULK_PETS_MAX + 1 }, (_, i) => i + 1), changes: { price: 1 } }, 'petIds'],
      ['no change', { petIds: [1], changes: {} }, 'changes'],
      ['a name (one name for many pets is not a bulk change)', { petIds: [1], changes: { name: 'Rex' } }, 'changes.name'],
      ['a negative price', { petIds: [1], changes: { price: -1 } }, 'changes.price'],
    ])('%s', async (_, input, path) => {
      await petsIn(dogs, 1);
      const error = await expectRefused(t, 'pets.bulkUpdate', input, 'VALIDATION_FAILED');
      expect(error.details?.map((detail) => detail.path)).toContain(path);
    });
  });
});
