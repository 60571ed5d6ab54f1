/**
 * POST /v1/pets/bulk-update over real HTTP, every answer checked against the served document: the
 * route the contract loop derives, its success and each refusal as the Error object.
 */
import { beforeAll, expect, test } from 'vitest';
import type { Pet } from '../../src-shared/schemas/pet';
import { expectError, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();
let from: number;
let to: number;
let pets: Pet[];
beforeAll(async () => {
  from = (await s.category()).id;
  to = (await s.category()).id;
  pets = [await s.pet({ categoryId: from }), await s.pet({ categoryId: from }), await s.pet({ categoryId: from })];
});

test('moves every pet named and says how many', async () => {
  const answer = await s.call('POST', '/v1/pets/bulk-update', { json: { petIds: pets.map((pet) => pet.id), changes: { categoryId: to, price: 1500 } } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toEqual({ updated: 3 });
  const listed = await s.call<Pet[]>('GET', `/v1/pets?categoryId=${to}`);
  expect(listed.body.map((pet) => [pet.id, pet.price])).toEqual(pets.map((pet) => [pet.id, 1500]));
});

test('refusals: a missing pet 404, a missing category 422, open orders 409, bad input 400; nothing changed', async () => {
  const ids = pets.map((pet) => pet.id);
  await s.order(ids[1]!);
  expectError(await s.call('POST', '/v1/pets/bulk-update', { json: { petIds: [...ids, 999_999], changes: { price: 1 } } }), 'NOT_FOUND', 404);
  expectError(await s.call('POST', '/v1/pets/bulk-update', { json: { petIds: ids, changes: { categoryId: 999_999 } } }), 'REFERENCE_NOT_FOUND', 422);
  expectError(await s.call('POST', '/v1/pets/bulk-update', { json: { petIds: ids, changes: { status: 'sold' } } }), 'PET_HAS_OPEN_ORDERS', 409);
  expectError(await s.call('POST', '/v1/pets/bulk-update', { json: { petIds: ids, changes: {} } }), 'VALIDATION_FAILED', 400);
  // As before the refusals (the order took the middle pet's one unit: pending).
  const listed = await s.call<Pet[]>('GET', `/v1/pets?categoryId=${to}`);
  expect(listed.body.map((pet) => [pet.status, pet.price])).toEqual([['available', 1500], ['pending', 1500], ['available', 1500]]);
});
