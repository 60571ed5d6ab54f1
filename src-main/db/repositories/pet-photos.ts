import type { ImageType } from '../../../src-shared/image-types';
import type { Db } from '../connection';

export interface PhotoRow {
  contentType: ImageType;
  bytes: Buffer;
}

/** The pet_photos table (migration 12): at most one photo per pet, gone with its pet (ON DELETE CASCADE). */
export function petPhotosRepository(db: Db) {
  const byPet = db.prepare<[number], PhotoRow>('SELECT content_type AS contentType, bytes FROM pet_photos WHERE pet_id = ?');
  const upsert = db.prepare<[number, string, number, string, Uint8Array]>(
    `INSERT INTO pet_photos (pet_id, content_type, size, updated_at, bytes) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (pet_id) DO UPDATE SET content_type = excluded.content_type, size = excluded.size,
       updated_at = excluded.updated_at, bytes = excluded.bytes`,
  );
  const remove = db.prepare<[number]>('DELETE FROM pet_photos WHERE pet_id = ?');

  return {
    find: (petId: number): PhotoRow | undefined => byPet.get(petId),
    set: (petId: number, contentType: ImageType, bytes: Uint8Array, at: string) => upsert.run(petId, contentType, bytes.byteLength, at, bytes),
    /** Whether there was one to remove. */
    remove: (petId: number): boolean => remove.run(petId).changes > 0,
  };
}
export type PetPhotosRepository = ReturnType<typeof petPhotosRepository>;
