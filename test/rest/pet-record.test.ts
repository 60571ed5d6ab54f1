/**
 * The pet record over real HTTP, every answer checked against the served document: price, SKU and
 * the animal's details in and out, SKU_TAKEN and MICROCHIP_TAKEN, `?sku=` and `?details=true`.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Pet } from '../../src-shared/schemas/pet';
import { allPages, expectError, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

const DETAILS = {
  breed: 'Maine Coon',
  sex: 'male',
  birthDate: '2023-11-02',
  microchip: '250269606123456',
  vaccinations: [{ name: 'Typhus', date: '2024-01-10' }],
  healthNotes: 'Shy with strangers.',
};

let cats: number;
let tom: Pet;
beforeAll(async () => {
  cats = (await s.category({ name: 'Record cats' })).id;
  const created = await s.call<Pet>('POST', '/v1/pets', { json: { name: 'Tom', categoryId: cats, price: 35_000, sku: 'CAT-TOM', ...DETAILS } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  tom = created.body;
});

describe('the record in and out', () => {
  test('POST answers the whole record, as GET by id does; lists leave the details out unless asked', async () => {
    expect(tom).toEqual({ id: tom.id, name: 'Tom', categoryId: cats, status: 'available', price: 35_000, sku: 'CAT-TOM', ...DETAILS });
    expect((await s.call('GET', `/v1/pets/${tom.id}`)).body).toEqual(tom);
    const lean = { id: tom.id, name: 'Tom', categoryId: cats, status: 'available', price: 35_000, sku: 'CAT-TOM' };
    expect((await s.call('GET', `/v1/pets?id=${tom.id}`)).body).toEqual([lean]);
    expect((await s.call('GET', `/v1/pets?id=${tom.id}&details=true`)).body).toEqual([tom]);
  });

  test('PATCH with null clears; PUT without the record keeps it', async () => {
    const pet = (await s.call<Pet>('POST', '/v1/pets', { json: { name: 'Patchy', categoryId: cats, price: 10, sku: 'PATCHY', breed: 'Tabby' } })).body;
    const patched = await s.call('PATCH', `/v1/pets/${pet.id}`, { json: { price: null, breed: null } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toEqual({ id: pet.id, name: 'Patchy', categoryId: cats, status: 'available', sku: 'PATCHY' });
    const put = await s.call('PUT', `/v1/pets/${pet.id}`, { json: { name: 'Patchy', categoryId: cats } });
    expect(put.body).toEqual(patched.body);
  });

  test('PUT takes back what GET gave, its photo and details included, and changes nothing', async () => {
    const pet = (await s.call<Pet>('POST', '/v1/pets', { json: { name: 'Roundtrip', categoryId: cats, price: 5, sku: 'ROUND', ...DETAILS, microchip: '250269606000001' } })).body;
    await s.call('PUT', `/v1/pets/${pet.id}/photo`, { body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'), headers: { 'content-type': 'image/png' } });
    const read = (await s.call<Pet[]>('GET', `/v1/pets?id=${pet.id}&details=true`)).body[0]!;
    expect(read.photo).toBeDefined();
    const put = await s.call('PUT', `/v1/pets/${pet.id}`, { json: read });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual(read);
  });

  test('?sku= finds the pet with that SKU, case aside, with X-Total-Count; pages and other filters still work', async () => {
    const found = await s.call<Pet[]>('GET', '/v1/pets?sku=cat-tom');
    expect(found.body.map((pet) => pet.id)).toEqual([tom.id]);
    expect(found.headers.get('x-total-count')).toBe('1');
    expect((await s.call('GET', `/v1/pets?sku=CAT-TOM&categoryId=${cats}&status=available`)).body).toHaveLength(1);
    expect((await s.call('GET', '/v1/pets?sku=CAT')).body).toEqual([]);
    const { items, pages } = await allPages<Pet>(s, `/v1/pets?categoryId=${cats}&limit=1&sort=name`);
    expect(pages.length).toBe(items.length);
  });

  test('a SKU or microchip number another pet has is 409, naming the field', async () => {
    const taken = await s.call('POST', '/v1/pets', { json: { name: 'Copy', categoryId: cats, sku: 'cat-tom' } });
    expectError(taken, 'SKU_TAKEN', 409);
    expect(taken.body.details).toEqual([{ path: 'sku', message: taken.body.message }]);
    const chip = await s.call('POST', '/v1/pets', { json: { name: 'Copy', categoryId: cats, microchip: DETAILS.microchip } });
    expectError(chip, 'MICROCHIP_TAKEN', 409);
    const other = (await s.call<Pet>('POST', '/v1/pets', { json: { name: 'Other', categoryId: cats } })).body;
    expectError(await s.call('PATCH', `/v1/pets/${other.id}`, { json: { sku: 'Cat-Tom' } }), 'SKU_TAKEN', 409);
    expectError(await s.call('PUT', `/v1/pets/${other.id}`, { json: { name: 'Other', categoryId: cats, microchip: DETAILS.microchip } }), 'MICROCHIP_TAKEN', 409);
    expect((await s.call('GET', `/v1/pets?q=Copy`)).body).toEqual([]);
  });

  test('values out of bounds are 400 naming each field, body and query alike', async () => {
    const bad = await s.call('POST', '/v1/pets', {
      json: { name: 'Bad', categoryId: cats, price: 1.5, sku: 'é', birthDate: '3000-01-01', microchip: '123', sex: 'x', healthNotes: 'y'.repeat(2001) },
    });
    expectError(bad, 'VALIDATION_FAILED', 400);
    expect(bad.body.details.map((detail: { path: string }) => detail.path).sort()).toEqual(['birthDate', 'healthNotes', 'microchip', 'price', 'sex', 'sku']);
    expectError(await s.call('GET', `/v1/pets?sku=${'X'.repeat(33)}`), 'VALIDATION_FAILED', 400);
    expectError(await s.call('GET', '/v1/pets?details=yes'), 'VALIDATION_FAILED', 400);
  });

  test('the document declares the new fields, their bounds and the new refusals', () => {
    const { schemas } = s.api.doc.components;
    expect(schemas.NewPet.properties.price).toMatchObject({ type: 'integer', minimum: 0, maximum: 100_000_000, format: 'int32' });
    expect(schemas.NewPet.properties.sku).toMatchObject({ type: 'string', minLength: 1, maxLength: 32 });
    expect(schemas.PetPatch.properties.price.nullable).toBe(true);
    // An enum that takes null lists it (OpenAPI 3.0.3 reads `nullable` beside a type only).
    expect(schemas.PetPatch.properties.sex).toMatchObject({ nullable: true, enum: ['female', 'male', 'unknown', null] });
    expect(schemas.Pet.description).toMatch(/details=true/);
    const post = s.api.doc.paths['/pets'].post;
    expect(post.responses['409'].description).toMatch(/SKU_TAKEN.*MICROCHIP_TAKEN/s);
    expect(s.api.doc.paths['/pets'].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(['sku', 'details']));
  });
});
