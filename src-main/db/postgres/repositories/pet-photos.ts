import type { ImageType } from '../../../../src-shared/image-types';
import type { PetPhotosRepository, PhotoRow } from '../../repositories/pet-photos';
import { sql, type Stepped } from '../../step';

/**
 * A pet's photo on PostgreSQL, the twin of src-main/db/repositories/pet-photos.ts: the bytes in
 * pet_photos, what it is on the pet's row, both written by one statement (a CTE) per change.
 */
export function postgresPetPhotosRepository(): Stepped<PetPhotosRepository> {
  return {
    *find(petId: number) {
      const { rows } = yield* sql<PhotoRow>(
        'SELECT p.photo_type AS "contentType", ph.bytes FROM pet_photos ph JOIN pets p ON p.id = ph.pet_id WHERE ph.pet_id = $1',
        [petId],
      );
      return rows[0];
    },
    *set(petId: number, contentType: ImageType, bytes: Uint8Array, at: string) {
      yield* sql(
        `WITH stored AS (INSERT INTO pet_photos (pet_id, bytes) VALUES ($1, $2) ON CONFLICT (pet_id) DO UPDATE SET bytes = excluded.bytes)
         UPDATE pets SET photo_type = $3, photo_size = $4, photo_updated_at = $5 WHERE id = $1`,
        [petId, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), contentType, bytes.byteLength, at],
      );
    },
    /** Whether there was one to remove. */
    *remove(petId: number) {
      const { rows } = yield* sql<{ removed: boolean }>(
        `WITH gone AS (DELETE FROM pet_photos WHERE pet_id = $1 RETURNING pet_id),
           cleared AS (UPDATE pets SET photo_type = NULL, photo_size = NULL, photo_updated_at = NULL WHERE id IN (SELECT pet_id FROM gone))
         SELECT EXISTS (SELECT 1 FROM gone) AS removed`,
        [petId],
      );
      return rows[0]!.removed;
    },
  };
}
