import { afterEach, expect, test } from 'vitest';
import { describeOnEngines, type EngineStore } from '../helpers/engine-stores';

/** Re-importing a file without ids: the clerk skips the pets the store has, or adds their stock; unknown categories on asking. */

const CSV = 'name,category,status,stock,sku\r\nRex,Dogs,available,2,REX-1\r\nNemo,Fish,available,5,\r\n';

describeOnEngines('import choices', (fresh) => {
  let t: EngineStore;
  afterEach(async () => t?.close());

  async function shopWithRex() {
    t = await fresh();
    const dogs = await t.ok('categories.create', { name: 'Dogs' });
    const rex = await t.ok('pets.create', { name: 'Rex', categoryId: dogs.id, sku: 'REX-1' });
    await t.ok('inventory.set', { petId: rex.id, update: { quantity: 3 } });
    return { dogs, rex };
  }

  test('by default a row naming a pet the store has imports another, as before, and the preview counts it', async () => {
    await shopWithRex();
    const preview = await t.ok('data.previewImport', { format: 'csv', content: CSV });
    // Rex's SKU is Rex's own: imported again it clashes; Nemo's category is unknown.
    expect(preview).toMatchObject({ valid: 0, invalid: 2, sameName: 0, unknownCategories: ['Fish'] });
    const plain = await t.ok('data.previewImport', { format: 'csv', content: 'name,category,stock\r\nRex,Dogs,1\r\n' });
    expect(plain).toMatchObject({ valid: 1, sameName: 1, restocked: 0 });
  });

  test('sameName skip leaves the store as it is; addStock adds the row\'s stock to that pet, a movement "received"', async () => {
    const { rex } = await shopWithRex();
    const skipped = await t.ok('data.previewImport', { format: 'csv', content: CSV, sameName: 'skip' });
    expect(skipped.rows[0]).toMatchObject({ outcome: 'exists', petId: rex.id, notes: [`Skipped: the store has "Rex" in Dogs (pet ${rex.id})`] });
    expect(await t.ok('data.import', { format: 'csv', content: CSV, sameName: 'skip' })).toMatchObject({ imported: 0, existing: 1 });
    expect((await t.ok('pets.list', {})).total).toBe(1);

    const restock = await t.ok('data.previewImport', { format: 'csv', content: CSV, sameName: 'addStock' });
    expect(restock.rows[0]).toMatchObject({ outcome: 'restock', petId: rex.id, notes: [`Adds 2 to the stock of pet ${rex.id} (3 now)`] });
    expect(await t.ok('data.import', { format: 'csv', content: CSV, sameName: 'addStock' })).toMatchObject({ imported: 0, restocked: 1 });
    expect((await t.ok('inventory.get', { petId: rex.id })).quantity).toBe(5);
    expect((await t.ok('inventory.movements', { petId: rex.id })).items[0]).toMatchObject({ delta: 2, reason: 'received' });
    expect((await t.ok('pets.list', {})).total).toBe(1);
  });

  test('createCategories creates the categories rows name, once each, with their pets', async () => {
    await shopWithRex();
    const content = 'name,category,stock\r\nNemo,Fish,5\r\nDory,fish,1\r\nTweety,Birds,1\r\n';
    const asked = await t.ok('data.previewImport', { format: 'csv', content, createCategories: true });
    expect(asked).toMatchObject({ valid: 3, invalid: 0, newCategories: ['Fish', 'Birds'], unknownCategories: [] });
    expect(await t.ok('data.import', { format: 'csv', content, createCategories: true })).toMatchObject({ imported: 3, categoriesCreated: ['Fish', 'Birds'] });
    expect((await t.ok('categories.list', {})).items.map((category) => category.name)).toEqual(['Birds', 'Dogs', 'Fish']);
    // Not asked: the rows are skipped, the names said.
    expect(await t.ok('data.previewImport', { format: 'csv', content: 'name,category\r\nPolly,Parrots\r\n' })).toMatchObject({ invalid: 1, unknownCategories: ['Parrots'] });
  });

  test('a choice that is none of import, skip, addStock is refused', async () => {
    await shopWithRex();
    expect(await t.fail('data.import', { format: 'csv', content: CSV, sameName: 'merge' })).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
  });
});
