/**
 * The catalogue repositories on PostgreSQL answer as their SQLite twins: the same calls on both
 * engines give the same results, field for field and in the same order (categories, pets with every
 * sort, filter, cursor and total of their list, details, photos, stock and its movements).
 */
import type pg from 'pg';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { migratePostgres } from '../../src-main/db/postgres/migrate';
import { openPostgresPool } from '../../src-main/db/postgres/pool';
import { postgresCategoriesRepository } from '../../src-main/db/postgres/repositories/categories';
import { postgresInventoryRepository } from '../../src-main/db/postgres/repositories/inventory';
import { postgresPetDetailsRepository } from '../../src-main/db/postgres/repositories/pet-details';
import { postgresPetPhotosRepository } from '../../src-main/db/postgres/repositories/pet-photos';
import { postgresPetsRepository } from '../../src-main/db/postgres/repositories/pets';
import { postgresStockMovementsRepository } from '../../src-main/db/postgres/repositories/stock-movements';
import { runStep } from '../../src-main/db/postgres/run-step';
import { inventoryRepository } from '../../src-main/db/repositories/inventory';
import type { PetListFilter } from '../../src-main/db/repositories/pets';
import { stockMovementsRepository } from '../../src-main/db/repositories/stock-movements';
import { stepped, type Step } from '../../src-main/db/step';
import type { StoreRepositories } from '../../src-main/service/handler-context';
import { PET_SORTS, type PetStatus } from '../../src-shared/schemas/pet';
import { enginePair, inWrite } from '../helpers/engine-pair';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';

type CatalogueRepositories = Pick<StoreRepositories, 'pets' | 'petDetails' | 'petPhotos' | 'categories' | 'inventory' | 'movements'>;

/** Who records the stock movements, the same on both engines. */
const recorder = () => ({ clerkId: 4, clerkName: 'Ann', tillId: 2, tillName: 'Front' });
const postgresMovements = postgresStockMovementsRepository(recorder);
const postgres: CatalogueRepositories = {
  pets: postgresPetsRepository(),
  petDetails: postgresPetDetailsRepository(),
  petPhotos: postgresPetPhotosRepository(),
  categories: postgresCategoriesRepository(),
  inventory: postgresInventoryRepository(postgresMovements),
  movements: postgresMovements,
};

const NOW = '2026-11-28T12:00:00.000Z';
const STATUSES: PetStatus[] = ['available', 'pending', 'sold'];
/** Names whose order keys tie (case, accents), hold numbers (ordered by value) and punctuation. */
const PET_NAMES = ['Rex', 'rex', 'Réx', 'Bella 10', 'Bella 9', 'bella 9', 'Ñandu', 'Zed', 'ant', 'Ant', '_Odd', 'Max-2', 'max 2', 'Luna', 'luna'];
/** Longer than a cursor may carry: a position in these names travels as its digest. */
const LONG = 'Q'.repeat(1600);

describePostgres('the catalogue repositories on PostgreSQL answer as SQLite’s', () => {
  const engines = enginePair();
  let sqlite: CatalogueRepositories;

  beforeAll(() => {
    // Movements stamp the clock themselves: one frozen time makes both engines' stamps equal.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
    const { steps, context } = engines.store;
    // SQLite's stock and movements with the test's recorder (the store's names the caller of a call).
    const movements = stockMovementsRepository(context.db, recorder);
    sqlite = { ...steps, inventory: stepped(inventoryRepository(context.db, movements)), movements: stepped(movements) };
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  /** Runs `call` on both engines (a write transaction on PostgreSQL) and expects the same answer, keys in the same order. */
  async function same<T>(call: (repositories: CatalogueRepositories) => Step<T>): Promise<T> {
    const onSqlite = engines.onSqlite(call(sqlite));
    const onPostgres = await engines.onPostgres(inWrite(() => call(postgres)));
    expect(onPostgres).toStrictEqual(onSqlite);
    expect(JSON.stringify(onPostgres)).toBe(JSON.stringify(onSqlite));
    return onSqlite;
  }
  /** The rows a statement changed on both engines (`lastInsertRowid` of an UPDATE is SQLite's last insert: not compared). */
  const sameChanges = (call: (repositories: CatalogueRepositories) => Step<{ changes: number }>) =>
    same(function* (repositories) {
      return (yield* call(repositories)).changes;
    });
  /** The same refusal from both engines. */
  async function sameRefusal(call: (repositories: CatalogueRepositories) => Step<unknown>): Promise<string> {
    let onSqlite: unknown;
    try {
      engines.onSqlite(call(sqlite));
    } catch (error) {
      onSqlite = error;
    }
    expect(onSqlite).toBeInstanceOf(Error);
    await expect(engines.onPostgres(call(postgres))).rejects.toStrictEqual(onSqlite);
    return (onSqlite as Error).message;
  }
  /** Every page of a pets list, each the same on both engines; the rows' ids in order. */
  async function walkPets(filter: Omit<PetListFilter, 'cursor'>): Promise<number[]> {
    const ids: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await same((r) => r.pets.list({ ...filter, cursor }));
      ids.push(...page.rows.map((pet) => pet.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return ids;
  }

  test('categories: insert gives the id; find and findByName (missing too); update; every page of the list; stock per category', async () => {
    const names = ['Dogs', 'cats', 'Birds 10', 'Birds 9', 'Éels', 'eels two', 'Zebras', '_misc'];
    for (const [index, name] of names.entries()) {
      const fields = index % 3 === 0 ? { description: `About ${name}`, taxRate: 700 + index, lowStockThreshold: index } : { description: null };
      expect(await same((r) => r.categories.insert(name, fields))).toBe(index + 1);
    }
    await same((r) => r.categories.find(2));
    expect(await same((r) => r.categories.find(99))).toBeUndefined();
    expect(await same((r) => r.categories.findByName('ÉELS'))).toMatchObject({ id: 5 });
    expect(await same((r) => r.categories.findByName('Ferrets'))).toBeUndefined();
    expect(await sameChanges((r) => r.categories.update(3, 'Birds 100', { description: 'Big', taxRate: 0 }))).toBe(1);
    expect(await sameChanges((r) => r.categories.update(99, 'Nobody', { description: null }))).toBe(0);
    await same((r) => r.categories.all());
    for (const q of [undefined, 'bird', 'E', 'nothing']) {
      let cursor: string | undefined;
      do {
        const page = await same((r) => r.categories.list({ q, limit: 3, cursor }));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    }
    await same((r) => r.categories.stockPerCategory());
  });

  test('pets: insert, find (missing too), findBySku case aside, firstNamedIn, with stock set for most', async () => {
    for (const [index, name] of [...PET_NAMES, ...PET_NAMES.slice(0, 9)].entries()) {
      const extras = { ...(index % 3 ? { price: 1000 + (index % 5) * 250 } : {}), ...(index % 4 === 1 ? { sku: `sku-${index}` } : {}) };
      const id = await same((r) => r.pets.insert(name, (index % 7) + 1, STATUSES[index % 3]!, extras));
      // Stock ties (several pets per quantity), and some pets without an entry: 0 as on SQLite.
      if (index % 5 !== 4) await same((r) => r.inventory.set(id, (index * 7) % 4, { reason: 'opening' }));
    }
    await same((r) => r.pets.find(5));
    expect(await same((r) => r.pets.find(999))).toBeUndefined();
    expect(await same((r) => r.pets.findBySku('SKU-5'))).toBe(6);
    expect(await same((r) => r.pets.findBySku('sku-404'))).toBeUndefined();
    expect(await same((r) => r.pets.firstNamedIn('REX', 1))).toBe(1);
    expect(await same((r) => r.pets.firstNamedIn('Rex', 5))).toBeUndefined();
    await same((r) => r.pets.countPerCategory());
    await same((r) => r.pets.countPerStatus());
  });

  test('pets list: every sort, walked page by page, alone and with each filter; cursors and totals equal', async () => {
    const filters: Omit<PetListFilter, 'cursor' | 'sort' | 'limit'>[] = [
      {},
      { status: ['sold', 'available', 'sold'] },
      { categoryId: 2 },
      { q: 'bella' },
      { q: 'E' },
      { id: [3, 1, 8, 13, 21, 2, 3] },
      { sku: 'SKU-9' },
      { status: ['pending'], q: 'a', categoryId: 3 },
    ];
    for (const sort of PET_SORTS) {
      for (const filter of filters) {
        const ids = await walkPets({ ...filter, sort, limit: 4 });
        // Every match once: no page skips or repeats a row.
        expect(new Set(ids).size).toBe(ids.length);
      }
    }
    // One page holding every match, and limits around the page size.
    for (const limit of [1, 23, 24, 25, 100]) await same((r) => r.pets.list({ sort: 'stock', limit }));
  });

  test('pets list: a position too long for a cursor travels as a digest; renamed since, both refuse it', async () => {
    const kindA = await same((r) => r.categories.insert(`${LONG} kind a`, { description: null }));
    const kindB = await same((r) => r.categories.insert(`${LONG} kind b`, { description: null }));
    const first = await same((r) => r.pets.insert(`${LONG}a`, kindB, 'available'));
    await same((r) => r.pets.insert(`${LONG}b`, kindA, 'available'));
    const page = await same((r) => r.pets.list({ q: 'qqqq', sort: 'name', limit: 1 }));
    const digest = (cursor: string | null) => Buffer.from(cursor!, 'base64url').toString();
    expect(digest(page.nextCursor)).toContain('{"h":');
    expect(await walkPets({ q: 'qqqq', sort: 'name', limit: 1 })).toEqual([first, first + 1]);
    // By category: the position is the category's long name, read again by the next page.
    expect(digest((await same((r) => r.pets.list({ q: 'qqqq', sort: 'category', limit: 1 }))).nextCursor)).toContain('{"h":');
    expect(await walkPets({ q: 'qqqq', sort: 'category', limit: 1 })).toEqual([first + 1, first]);
    await walkPets({ q: 'qqqq', sort: '-category', limit: 1 });
    const categories = await same((r) => r.categories.list({ q: 'qqqq', limit: 1 }));
    expect(digest(categories.nextCursor)).toContain('{"h":');
    await same((r) => r.categories.list({ q: 'qqqq', limit: 1, cursor: categories.nextCursor! }));
    await sameChanges((r) => r.pets.update({ id: first, name: `${LONG}c`, categoryId: 1, status: 'available' }));
    expect(await sameRefusal((r) => r.pets.list({ q: 'qqqq', sort: 'name', limit: 1, cursor: page.nextCursor! }))).toMatch(/renamed or deleted/);
    expect(await sameRefusal((r) => r.pets.list({ q: 'qqqq', sort: '-name', limit: 1, cursor: page.nextCursor! }))).toMatch(/another query/);
  });

  test('pet details: set, find (none too), findMany, findByMicrochip; nothing left removes the row', async () => {
    const details = { breed: 'Collie', sex: 'female' as const, birthDate: '2024-02-01', microchip: '123456789012345', vaccinations: [{ name: 'Rabies', date: '2025-01-02' }], healthNotes: 'Fine' };
    await same((r) => r.petDetails.set(2, details));
    await same((r) => r.petDetails.set(7, { breed: 'Tabby' }));
    await same((r) => r.petDetails.set(4, { healthNotes: 'Limps' }));
    await same((r) => r.petDetails.set(2, { ...details, breed: 'Border Collie', healthNotes: '' }));
    expect(await same((r) => r.petDetails.find(2))).toMatchObject({ breed: 'Border Collie' });
    expect(await same((r) => r.petDetails.find(3))).toEqual({});
    const many = await same(function* (r) {
      return [...(yield* r.petDetails.findMany([7, 3, 2, 4, 999]))];
    });
    expect(many.map(([id]) => id).sort()).toEqual([2, 4, 7]);
    expect(await same((r) => r.petDetails.findMany([]))).toEqual(new Map());
    expect(await same((r) => r.petDetails.findByMicrochip('123456789012345'))).toBe(2);
    expect(await same((r) => r.petDetails.findByMicrochip('000000000000000'))).toBeUndefined();
    await same((r) => r.petDetails.set(4, {}));
    expect(await same((r) => r.petDetails.find(4))).toEqual({});
    await same((r) => r.pets.exportRows());
  });

  test('pet photos: set and replace, find (none too), the pet row describes it; remove once', async () => {
    await same((r) => r.petPhotos.set(3, 'image/png', new Uint8Array([1, 2, 3]), NOW));
    await same((r) => r.petPhotos.set(3, 'image/webp', Buffer.from('later bytes'), '2026-11-28T13:00:00.000Z'));
    expect((await same((r) => r.petPhotos.find(3)))?.bytes.toString()).toBe('later bytes');
    expect(await same((r) => r.petPhotos.find(4))).toBeUndefined();
    expect(await same((r) => r.pets.find(3))).toMatchObject({ photo: { contentType: 'image/webp', size: 11 } });
    await walkPets({ id: [3, 4], sort: 'id', limit: 1 });
    expect(await same((r) => r.petPhotos.remove(3))).toBe(true);
    expect(await same((r) => r.petPhotos.remove(3))).toBe(false);
    expect(await same((r) => r.pets.find(3))).not.toHaveProperty('photo');
  });

  test('inventory: find, quantity (none: 0), set records movements, lowCount, every page of the list with filters', async () => {
    await same((r) => r.inventory.find(1));
    expect(await same((r) => r.inventory.find(5))).toBeUndefined();
    expect(await same((r) => r.inventory.quantity(5))).toBe(0);
    await same((r) => r.inventory.set(5, 6, { reason: 'received', note: 'Delivery' }));
    await same((r) => r.inventory.set(5, 6, { reason: 'correction' }));
    await same((r) => r.inventory.set(5, 2, { reason: 'order', orderId: 9, saleId: 3, note: '' }));
    expect(await same((r) => r.inventory.quantity(5))).toBe(2);
    for (const threshold of [0, 2, 3, 10]) await same((r) => r.inventory.lowCount(threshold));
    const filters = [{}, { petId: [9, 2, 5, 2] }, { q: 'rex' }, { below: 3 }, { below: 1, q: 'a' }, { petId: [1, 2, 3, 4, 5, 6], below: 5 }];
    for (const filter of filters) {
      let cursor: string | undefined;
      do {
        const page = await same((r) => r.inventory.list({ ...filter, limit: 3, cursor }));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    }
  });

  test('stock movements: a pet’s, newest first, page by page; none for a pet without', async () => {
    for (const quantity of [3, 9, 1, 4]) await same((r) => r.inventory.set(6, quantity, { reason: 'correction' }));
    let cursor: string | undefined;
    do {
      const page = await same((r) => r.movements.list({ petId: 6, limit: 2, cursor }));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    await same((r) => r.movements.list({ petId: 6, limit: 50 }));
    expect(await same((r) => r.movements.list({ petId: 999, limit: 5 }))).toEqual({ rows: [], total: 0, nextCursor: null });
  });

  test('pets: update, setStatus and remove (missing too); counts per category and status; the export; category petCount and remove', async () => {
    expect(await sameChanges((r) => r.pets.update({ id: 2, name: 'Rexy', categoryId: 4, status: 'pending', price: 5, sku: 'NEW-1' }))).toBe(1);
    expect(await sameChanges((r) => r.pets.update({ id: 999, name: 'Nobody', categoryId: 4, status: 'pending' }))).toBe(0);
    expect(await sameChanges((r) => r.pets.setStatus(8, 'sold'))).toBe(1);
    expect(await sameChanges((r) => r.pets.remove(10))).toBe(1);
    expect(await sameChanges((r) => r.pets.remove(10))).toBe(0);
    await same((r) => r.pets.countPerCategory());
    await same((r) => r.pets.countPerStatus());
    await same((r) => r.pets.exportRows());
    await same((r) => r.categories.petCount(4));
    await same((r) => r.categories.petCount(99));
    await same((r) => r.categories.stockPerCategory());
    const empty = await same((r) => r.categories.insert('Empty', { description: null }));
    expect(await sameChanges((r) => r.categories.remove(empty))).toBe(1);
    expect(await sameChanges((r) => r.categories.remove(empty))).toBe(0);
    await walkPets({ sort: '-category', limit: 5 });
  });
});

describePostgres('the catalogue lists on a PostgreSQL database that collates by language come in SQLite’s order', () => {
  const engines = enginePair();
  const databases = freshPostgresDatabase();
  let pool: pg.Pool;

  beforeAll(async () => {
    // English as ICU collates it (punctuation ignored, `B` after `a`): a default a shop's server may have.
    pool = openPostgresPool(await databases.another({ createOptions: "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'" }), { max: 2 });
    await migratePostgres(pool);
  });
  afterAll(async () => {
    await pool?.end();
  });

  async function same<T>(call: (repositories: CatalogueRepositories) => Step<T>): Promise<T> {
    const onSqlite = engines.onSqlite(call(engines.store.steps));
    const onPostgres = await runStep(pool, inWrite(() => call(postgres)));
    expect(JSON.stringify(onPostgres)).toBe(JSON.stringify(onSqlite));
    return onSqlite;
  }

  test('every sort of the pets list and the categories list, page by page', async () => {
    const { rows } = await pool.query<{ provider: string }>('SELECT datlocprovider AS provider FROM pg_database WHERE datname = current_database()');
    expect(rows[0]!.provider).toBe('i');
    for (const name of ['b', 'A', '_x', 'x-ray', 'xray', '10', '9', 'é1', 'e2', 'Z', 'a b', 'ab']) await same((r) => r.categories.insert(name, { description: null }));
    // Keys ICU orders otherwise than bytes: punctuation before digits, ß as ss, æ as ae.
    for (const [index, name] of [...PET_NAMES, '_Tom', '9 Lives', 'ßig', 'æther', 'Sz', 'x-ray', 'xray'].entries()) {
      const id = await same((r) => r.pets.insert(name, (index % 12) + 1, STATUSES[index % 3]!));
      await same((r) => r.inventory.set(id, index % 3, { reason: 'opening' }));
    }
    for (const sort of PET_SORTS) {
      let cursor: string | undefined;
      do {
        const page = await same((r) => r.pets.list({ sort, limit: 4, cursor }));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    }
    let cursor: string | undefined;
    do {
      const page = await same((r) => r.categories.list({ limit: 5, cursor }));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    await same((r) => r.categories.stockPerCategory());
  });
});
