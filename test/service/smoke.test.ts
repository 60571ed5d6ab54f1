import { afterEach, expect, test } from 'vitest';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';

describeOnEngines('smoke', (fresh) => {
  let t: EngineStore | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  test('a pet created in a category is listed with its status', async () => {
    t = await fresh();
    const dogs = await t.ok('categories.create', { name: 'Dogs' });
    const rex = await t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
    expect((await t.ok('pets.list', {})).items).toEqual([rex]);
  });
});
