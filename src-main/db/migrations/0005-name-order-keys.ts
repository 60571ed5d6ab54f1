import type { Database } from 'better-sqlite3';
import { nameOrderKey } from '../../../src-shared/name-keys';

/**
 * Lists sorted by name read numbers by value ("Charlie 5" before "Charlie 10"): each name gets a
 * stored order key (`nameOrderKey`) beside its search key, which stays as it was (a search for
 * "charlie 1" must still find "Charlie 10"). The by-name indexes move to the new key.
 * Once shipped, never edit: add a new migration instead.
 */
export const sql = /* sql */ `
ALTER TABLE pets ADD COLUMN name_order TEXT NOT NULL DEFAULT '';
ALTER TABLE categories ADD COLUMN name_order TEXT NOT NULL DEFAULT '';
DROP INDEX pets_by_name;
DROP INDEX categories_by_name;
CREATE INDEX pets_by_name ON pets(name_order, id);
CREATE INDEX categories_by_name ON categories(name_order, id);
`;

/** Fills the order keys of the names already there (same transaction as the SQL above). */
export function backfill(db: Database): void {
  for (const table of ['pets', 'categories']) {
    const update = db.prepare(`UPDATE ${table} SET name_order = ? WHERE id = ?`);
    // Read first, then write: one connection cannot write while a statement of it is still reading.
    for (const row of db.prepare(`SELECT id, name FROM ${table}`).all() as { id: number; name: string }[]) {
      update.run(nameOrderKey(row.name), row.id);
    }
  }
}
