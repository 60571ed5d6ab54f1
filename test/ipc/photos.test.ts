/**
 * A photo over IPC, as the renderer would send it: a Uint8Array goes in and comes back (structured
 * clone carries it), through the very registration loop every operation uses; its refusals are
 * the Error objects REST answers with.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { PHOTO_MAX_BYTES, type Pet } from '../../src-shared/schemas/pet';
import { GIF, PNG, WEBP, pngOfSize } from '../helpers/images';
import { expectOk, openIpcHarness, type IpcHarness } from './harness';

let h: IpcHarness;
let pet: Pet;
beforeEach(() => {
  h = openIpcHarness();
  const dogs = h.t.ok('categories.create', { name: 'Dogs' });
  pet = h.t.ok('pets.create', { name: 'Rex', categoryId: dogs.id });
});
afterEach(() => h.close());

test('a Uint8Array goes in and the same bytes come back as a Uint8Array, with their type', async () => {
  const sent = new Uint8Array(WEBP); // what a renderer has from a File's arrayBuffer()
  const stored = expectOk<{ contentType: string; size: number }>(await h.call('photos.put', { petId: pet.id, photo: sent }));
  expect(stored).toMatchObject({ contentType: 'image/webp', size: WEBP.length });
  // The main process received a Uint8Array (the clone of the renderer's), not a plain object.
  expect(h.ipc.received.at(-1)!.input).toEqual({ petId: pet.id, photo: expect.any(Uint8Array) });

  const file = expectOk<{ contentType: string; bytes: Uint8Array }>(await h.call('photos.get', { petId: pet.id }));
  expect(file.contentType).toBe('image/webp');
  expect(file.bytes).toBeInstanceOf(Uint8Array);
  expect(Buffer.compare(Buffer.from(file.bytes), WEBP)).toBe(0);
  expectOk(await h.call('photos.delete', { petId: pet.id }));
  expect(expectOk<Pet>(await h.call('pets.get', { petId: pet.id }))).not.toHaveProperty('photo');
});

test('refusals are the same Error objects as over REST: 415 for bytes that are no image, 413 above 2 MiB, 400 for no bytes', async () => {
  const refused = async (photo: unknown) => {
    const result = await h.call('photos.put', { petId: pet.id, photo });
    if (result.ok) expect.fail('expected a refusal');
    return result.error;
  };
  expect(await refused(new Uint8Array(GIF))).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 });
  expect(await refused(new Uint8Array(pngOfSize(PHOTO_MAX_BYTES + 1)))).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', status: 413 });
  expect(await refused(new Uint8Array(0))).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'photo', message: 'Must not be empty' }] });
  // Bytes as a list of numbers (JSON's way) are not bytes.
  expect(await refused([...PNG])).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'photo', message: 'Must be bytes (a Uint8Array)' }] });
  expect(h.t.store.db.prepare('SELECT count(*) FROM pet_photos').pluck().get()).toBe(0);
});
