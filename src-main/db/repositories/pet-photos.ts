import type { ImageType } from '../../../src-shared/image-types';
import type { Db } from '../connection';

export interface PhotoRow {
  contentType: ImageType;
  bytes: Buffer;
}

/**
 * A pet's photo: its bytes in pet_photos, what it is (type, size, time) on the pet's row, which
 * lists and events read (migration 12); written together, inside the caller's transaction. At most
 * one per pet, gone with its pet (ON DELETE CASCADE).
 */
export function petPhotosRepository(db: Db) {
  const byPet = db.prepare<[number], PhotoRow>(
    'SELECT p.photo_type AS contentType, ph.bytes FROM pet_photos ph JOIN pets p ON p.id = ph.pet_id WHERE ph.pet_id = ?',
  );
  const upsert = db.prepare<[number, Uint8Array]>('INSERT INTO pet_photos (pet_id, bytes) VALUES (?, ?) ON CONFLICT (pet_id) DO UPDATE SET bytes = excluded.bytes');
  const describe = db.prepare<[string | null, number | null, string | null, number]>(
    'UPDATE pets SET photo_type = ?, photo_size = ?, photo_updated_at = ? WHERE id = ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM pet_photos WHERE pet_id = ?');

  return {
    find: (petId: number): PhotoRow | undefined => byPet.get(petId),
    set(petId: number, contentType: ImageType, bytes: Uint8Array, at: string): void {
      upsert.run(petId, bytes);
      describe.run(contentType, bytes.byteLength, at, petId);
    },
    /** Whether there was one to remove. */
    remove(petId: number): boolean {
      if (remove.run(petId).changes === 0) return false;
      describe.run(null, null, null, petId);
      return true;
    },
  };
}
export type PetPhotosRepository = ReturnType<typeof petPhotosRepository>;
