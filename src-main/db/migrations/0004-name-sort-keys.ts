import type { Database } from 'better-sqlite3';
import { nameSortKey } from '../../../src-shared/name-keys';

/**
 * Names sort as a person reads them: case and accents aside ("Émile" beside "Eddie", not after
 * "Zoë"); name searches compare the same key. SQLite's own ordering compares code points, and
 * better-sqlite3 cannot register a collation, so each name gets a stored key (`nameSortKey`)
 * beside its case-folded form (which stays the name's identity: category names are unique by it).
 * Once shipped, never edit: add a new migration instead.
 */
export const sql = /* sql */ `
ALTER TABLE pets ADD COLUMN name_sort TEXT NOT NULL DEFAULT '';
ALTER TABLE categories ADD COLUMN name_sort TEXT NOT NULL DEFAULT '';
DROP INDEX pets_by_name;
CREATE INDEX pets_by_name ON pets(name_sort, id);
CREATE INDEX categories_by_name ON categories(name_sort, id);
`;

/** Fills the sort keys of the names already there (same transaction as the SQL above). */
export function backfill(db: Database): void {
  for (const table of ['pets', 'categories']) {
    const update = db.prepare(`UPDATE ${table} SET name_sort = ? WHERE id = ?`);
    // Read first, then write: one connection cannot write while a statement of it is still reading.
    for (const row of db.prepare(`SELECT id, name FROM ${table}`).all() as { id: number; name: string }[]) {
      update.run(nameSortKey(row.name), row.id);
    }
  }
}
