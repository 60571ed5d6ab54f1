/**
 * A pet's photo over real HTTP: PUT takes the image's bytes (its type read from them, not from the
 * header), GET gives them back with their type and an ETag, DELETE removes them; every answer is
 * checked against the served document, whose media types say so.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { PHOTO_MAX_BYTES, type Pet } from '../../src-shared/schemas/pet';
import { GIF, JPEG, PNG, WEBP, pngOfSize } from '../helpers/images';
import { eventsAfter } from './support/event-log';
import { expectError, useHttpSuite } from './support/http-suite';

const s = useHttpSuite();

let pet: Pet;
beforeAll(async () => {
  pet = await s.pet({ name: 'Photogenic' });
});

const put = (petId: number, body: Uint8Array, contentType: string, token?: string) =>
  s.call('PUT', `/v1/pets/${petId}/photo`, { body, headers: { 'content-type': contentType }, token });
const photoOf = (petId: number, headers: Record<string, string> = {}) => s.call('GET', `/v1/pets/${petId}/photo`, { headers });
const listed = async (petId: number) => (await s.call<Pet[]>('GET', `/v1/pets?id=${petId}`)).body[0]!;

describe('PUT, GET and DELETE /v1/pets/{petId}/photo', () => {
  test('a PNG is stored and given back byte for byte with its type; the pet says it has a photo', async () => {
    const stored = await put(pet.id, PNG, 'image/png');
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body).toEqual({ contentType: 'image/png', size: PNG.length, updatedAt: expect.any(String) });

    const answer = await photoOf(pet.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(answer.body as Buffer, PNG)).toBe(0);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await listed(pet.id)).photo).toEqual(stored.body);
  });

  test('each of JPEG, PNG and WebP is taken, as its bytes say', async () => {
    for (const [bytes, type] of [[JPEG, 'image/jpeg'], [WEBP, 'image/webp'], [PNG, 'image/png']] as const) {
      const stored = await put(pet.id, bytes, type);
      expect(stored.body.contentType, type).toBe(type);
      const answer = await photoOf(pet.id);
      expect(answer.headers.get('content-type')).toBe(type);
      expect(Buffer.compare(answer.body as Buffer, bytes)).toBe(0);
    }
  });

  test('the type is read from the bytes, not the header: JPEG bytes sent as image/png are a JPEG', async () => {
    const stored = await put(pet.id, JPEG, 'image/png');
    expect(stored.body.contentType).toBe('image/jpeg');
    expect((await photoOf(pet.id)).headers.get('content-type')).toBe('image/jpeg');
  });

  test('bytes that are no JPEG, PNG or WebP are 415, whatever the header says; the photo stays as it was', async () => {
    await put(pet.id, PNG, 'image/png');
    for (const bytes of [GIF, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('%PDF-1.7'), PNG.subarray(0, 7)]) {
      const answer = await put(pet.id, bytes, 'image/png');
      expectError(answer, 'UNSUPPORTED_MEDIA_TYPE', 415);
      expect(answer.body.message).toMatch(/JPEG, PNG or WebP/);
    }
    expect(Buffer.compare((await photoOf(pet.id)).body as Buffer, PNG)).toBe(0);
  });

  test('a Content-Type other than the three image types is 415 naming them, before the bytes are read', async () => {
    for (const type of ['image/gif', 'application/octet-stream', 'text/plain', 'application/json']) {
      const answer = await put(pet.id, PNG, type);
      expectError(answer, 'UNSUPPORTED_MEDIA_TYPE', 415);
      expect(answer.body.message, type).toContain('image/jpeg, image/png, image/webp');
    }
    // A JSON body is not a file either.
    const json = await s.call('PUT', `/v1/pets/${pet.id}/photo`, { json: { photo: 'aGVsbG8=' } });
    expectError(json, 'UNSUPPORTED_MEDIA_TYPE', 415);
    // And a compressed one is refused, as a compressed JSON body is.
    expectError(await s.call('PUT', `/v1/pets/${pet.id}/photo`, { body: PNG, headers: { 'content-type': 'image/png', 'content-encoding': 'gzip' } }), 'UNSUPPORTED_MEDIA_TYPE', 415);
  });

  test('2 MiB is the limit: exactly 2 MiB is stored, one byte more is 413 and changes nothing', async () => {
    await put(pet.id, PNG, 'image/png');
    const largest = await put(pet.id, pngOfSize(PHOTO_MAX_BYTES), 'image/png');
    expect(largest.status, JSON.stringify(largest.body)).toBe(200);
    expect(largest.body.size).toBe(PHOTO_MAX_BYTES);
    const before = await photoOf(pet.id);

    const tooLarge = await put(pet.id, pngOfSize(PHOTO_MAX_BYTES + 1), 'image/png');
    expectError(tooLarge, 'PAYLOAD_TOO_LARGE', 413);
    expect(tooLarge.body.message).toContain('2 MiB');
    const after = await photoOf(pet.id);
    expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
    // JSON bodies keep their own limit: a photo's size is no JSON body's.
    expectError(await s.call('POST', '/v1/categories', { body: `{"name":"${'x'.repeat(70_000)}"}`, headers: { 'content-type': 'application/json' } }), 'PAYLOAD_TOO_LARGE', 413);
  });

  test('an empty body is 400 saying to send the file', async () => {
    const answer = await put(pet.id, new Uint8Array(0), 'image/png');
    expectError(answer, 'VALIDATION_FAILED', 400);
    expect(answer.body.message).toMatch(/empty/);
  });

  test('an image sent to an operation that takes JSON is 415, not read as a pet', async () => {
    const answer = await s.call('POST', '/v1/pets', { body: PNG, headers: { 'content-type': 'image/png' } });
    expectError(answer, 'UNSUPPORTED_MEDIA_TYPE', 415);
    expect(answer.body.message).toMatch(/JSON/);
  });

  test('GET carries an ETag: sent back in If-None-Match it is 304 with no body, until the photo changes', async () => {
    await put(pet.id, PNG, 'image/png');
    const first = await photoOf(pet.id);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const again = await photoOf(pet.id, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(tag);

    await put(pet.id, WEBP, 'image/webp');
    const changed = await photoOf(pet.id, { 'if-none-match': tag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(tag);
  });

  test('DELETE removes it: then GET and DELETE are 404, and the pet has no photo', async () => {
    const other = await s.pet({ name: 'Camera shy' });
    expectError(await photoOf(other.id), 'NOT_FOUND', 404);
    await put(other.id, PNG, 'image/png');
    const removed = await s.call('DELETE', `/v1/pets/${other.id}/photo`);
    expect(removed.status).toBe(204);
    const none = await photoOf(other.id);
    expectError(none, 'NOT_FOUND', 404);
    expect(none.body.message).toContain('has no photo');
    expectError(await s.call('DELETE', `/v1/pets/${other.id}/photo`), 'NOT_FOUND', 404);
    expect(await listed(other.id)).not.toHaveProperty('photo');
  });

  test('a pet that does not exist is 404 on every photo operation; bad bytes are judged first', async () => {
    const missing = 999_999;
    expectError(await put(missing, PNG, 'image/png'), 'NOT_FOUND', 404);
    expectError(await photoOf(missing), 'NOT_FOUND', 404);
    expectError(await s.call('DELETE', `/v1/pets/${missing}/photo`), 'NOT_FOUND', 404);
    expectError(await put(missing, GIF, 'image/png'), 'UNSUPPORTED_MEDIA_TYPE', 415);
  });

  test('a read token may look at a photo but not set or remove one', async () => {
    await put(pet.id, PNG, 'image/png');
    expect((await s.call('GET', `/v1/pets/${pet.id}/photo`, { token: s.t.readToken })).status).toBe(200);
    expectError(await put(pet.id, JPEG, 'image/jpeg', s.t.readToken), 'FORBIDDEN', 403);
    expectError(await s.call('DELETE', `/v1/pets/${pet.id}/photo`, { token: s.t.readToken }), 'FORBIDDEN', 403);
  });

  test('setting and removing a photo are pet.updated events carrying the photo (or none)', async () => {
    const other = await s.pet({ name: 'Eventful' });
    const after = (await s.call('GET', '/v1/events/latest')).body.lastEventId as number;
    await put(other.id, PNG, 'image/png');
    await s.call('DELETE', `/v1/pets/${other.id}/photo`);
    // The log the stream serves (events.test.ts covers the stream itself).
    const log = (await eventsAfter(s.t, after, 10)).filter((event) => event.type === 'pet.updated');
    expect(log.map((event) => (event.data as Pet).photo?.contentType ?? null)).toEqual(['image/png', null]);
  });
});

describe('the served document', () => {
  test('declares the three image types for the body and the answer, with the size limit, and the refusals', () => {
    const doc = s.api.doc;
    const putPhoto = doc.paths['/pets/{petId}/photo'].put;
    expect(Object.keys(putPhoto.requestBody.content)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(putPhoto.requestBody.content['image/png'].schema).toEqual({ type: 'string', format: 'binary', maxLength: PHOTO_MAX_BYTES });
    expect(Object.keys(putPhoto.responses)).toEqual(expect.arrayContaining(['200', '404', '413', '415']));
    expect(putPhoto['x-stability']).toBe('beta');
    const getPhoto = doc.paths['/pets/{petId}/photo'].get;
    expect(Object.keys(getPhoto.responses['200'].content)).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(getPhoto.responses['200'].headers.ETag).toBeDefined();
    expect(getPhoto.responses['304']).toBeDefined();
    expect(doc.paths['/pets/{petId}/photo'].delete.responses['204']).toBeDefined();
  });
});
