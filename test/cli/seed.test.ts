/**
 * `petstore seed`: the demo pets have prices and SKUs (the till's next issue sells them), the same
 * ones on every run, each SKU a pet's own.
 */
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openStore } from '../../src-main/service/store';
import { petstore } from '../helpers/cli-in-process';
import { tempDir } from '../helpers/temp-store';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

/** Seeds a new file with `pets` pets and reads them back (id order). */
async function seeded(pets: number) {
  const { dir, cleanup } = tempDir('petstore-seed-');
  cleanups.push(cleanup);
  const file = join(dir, 'store.db');
  const result = await petstore(['seed', '--db', file, '--pets', String(pets), '--categories', '12']);
  expect(result.code, result.stderr).toBe(0);
  const store = openStore(file);
  cleanups.push(() => store.close());
  return store.handlers['pets.list']({ sort: 'id', limit: 500 }).items;
}

test('every demo pet has a price in minor units and a SKU of its own, the same on every run', async () => {
  const first = await seeded(40);
  expect(first).toHaveLength(40);
  for (const pet of first) {
    expect(Number.isInteger(pet.price), pet.name).toBe(true);
    expect(pet.price! % 100, pet.name).toBe(99);
    expect(pet.sku).toMatch(/^DEMO-\d{7}$/);
  }
  expect(new Set(first.map((pet) => pet.sku)).size).toBe(40);
  expect(first.slice(0, 3).map(({ name, price, sku }) => ({ name, price, sku }))).toEqual([
    { name: 'Rex', price: 44_999, sku: 'DEMO-0000001' },
    { name: 'Bella', price: 30_499, sku: 'DEMO-0000002' },
    { name: 'Max', price: 8_999, sku: 'DEMO-0000003' },
  ]);
  // A name never carries the pet's number (the clerk read "Rex 1" as Rex with one in stock).
  expect(first.filter((pet) => /\d/.test(pet.name))).toEqual([]);
  expect(first.slice(16, 18).map((pet) => pet.name)).toEqual(['Little Rex', 'Little Bella']);
  // Numbered categories (past the ten kinds) get a price too.
  expect(first[10]).toMatchObject({ price: 9_999 });
  expect(await seeded(40)).toEqual(first);
});

test('demo categories sold one animal at a time are low at none left (1); the others take the shop\'s 3', async () => {
  const { dir, cleanup } = tempDir('petstore-seed-');
  cleanups.push(cleanup);
  const file = join(dir, 'store.db');
  expect((await petstore(['seed', '--db', file, '--pets', '0', '--categories', '11'])).code).toBe(0);
  const store = openStore(file);
  cleanups.push(() => store.close());
  const thresholds = Object.fromEntries(store.handlers['categories.list']({ limit: 500 }).items.map((c) => [c.name, c.lowStockThreshold ?? 'shop']));
  expect(thresholds).toEqual({
    Dogs: 1, Cats: 1, Reptiles: 1, Ferrets: 1, Horses: 1,
    Birds: 'shop', Fish: 'shop', Rabbits: 'shop', Hamsters: 'shop', 'Guinea pigs': 'shop', 'Category 11': 'shop',
  });
  expect(store.handlers['settings.get']({}).lowStockThreshold).toBe(3);
});
