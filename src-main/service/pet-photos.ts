import { StoreError } from '../../src-shared/errors';
import { imageTypeOf } from '../../src-shared/image-types';
import { PHOTO_MAX_BYTES } from '../../src-shared/schemas/pet';
import type { PetRow } from '../db/repositories/pets';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';

/** The largest photo, as messages say it. */
export const PHOTO_MAX_SHOWN = `${PHOTO_MAX_BYTES / 1024 / 1024} MiB`;

/** A pet's photo: one per pet, kept in the database (so a backup holds it), announced as `pet.updated`. */
export const photoHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'photos'> => {
  function* mustFind(id: number): Step<PetRow> {
    const pet = yield* ctx.pets.find(id);
    if (!pet) throw new StoreError('NOT_FOUND', `Pet ${id} does not exist`);
    return pet;
  }
  const noPhoto = (pet: PetRow) => new StoreError('NOT_FOUND', `${pet.name} (pet ${pet.id}) has no photo`);

  return {
    *'photos.put'({ petId, photo }) {
      // The bytes are judged before the pet is looked up, as every input is (docs/errors.md).
      if (photo.byteLength > PHOTO_MAX_BYTES) throw new StoreError('PAYLOAD_TOO_LARGE', `The photo is larger than ${PHOTO_MAX_SHOWN}`);
      const type = imageTypeOf(photo);
      if (!type) throw new StoreError('UNSUPPORTED_MEDIA_TYPE', 'The photo must be a JPEG, PNG or WebP image (its bytes are none of these)');
      return yield* ctx.write(function* () {
        yield* mustFind(petId);
        yield* ctx.petPhotos.set(petId, type, photo, new Date().toISOString());
        const pet = (yield* ctx.pets.find(petId))!;
        yield* ctx.events.append('pet.updated', pet);
        return pet.photo!;
      });
    },

    *'photos.get'({ petId }) {
      const pet = yield* mustFind(petId);
      const photo = yield* ctx.petPhotos.find(petId);
      if (!photo) throw noPhoto(pet);
      // A plain Uint8Array of its own (SQLite's Buffer is a Node class): IPC clones it as it is.
      return { contentType: photo.contentType, bytes: new Uint8Array(photo.bytes) };
    },

    'photos.delete': ({ petId }) =>
      ctx.write(function* () {
        const pet = yield* mustFind(petId);
        if (!(yield* ctx.petPhotos.remove(petId))) throw noPhoto(pet);
        yield* ctx.events.append('pet.updated', (yield* ctx.pets.find(petId))!);
        return null;
      }),
  };
});
