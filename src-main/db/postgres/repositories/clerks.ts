import type { ClerkRow, ClerksRepository } from '../../repositories/clerks';
import { sql, type Stepped } from '../../step';
import { runResult } from './run-result';

const COLUMNS = 'id, name, role, pin_hash AS "pinHash", active, created_at AS "createdAt"';

/** Clerks with their role and PIN hash on PostgreSQL; names are unique by their folded key. */
export function postgresClerksRepository(): Stepped<ClerksRepository> {
  return {
    *insert(name: string, nameKey: string, role: string, pinHash: string, createdAt: string) {
      const { rows } = yield* sql<{ id: number }>(
        'INSERT INTO clerks (name, name_key, role, pin_hash, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [name, nameKey, role, pinHash, createdAt],
      );
      return rows[0].id;
    },
    *find(id: number) {
      const { rows } = yield* sql<ClerkRow>(`SELECT ${COLUMNS} FROM clerks WHERE id = $1`, [id]);
      return rows[0] as ClerkRow | undefined;
    },
    *findByKey(nameKey: string) {
      const { rows } = yield* sql<ClerkRow>(`SELECT ${COLUMNS} FROM clerks WHERE name_key = $1`, [nameKey]);
      return rows[0] as ClerkRow | undefined;
    },
    *all() {
      const { rows } = yield* sql<ClerkRow>(`SELECT ${COLUMNS} FROM clerks ORDER BY name_key, id`);
      return rows;
    },
    *count() {
      const { rows } = yield* sql<{ count: number }>('SELECT count(*) AS count FROM clerks');
      return rows[0].count;
    },
    *activeOwnerCount() {
      const { rows } = yield* sql<{ count: number }>("SELECT count(*) AS count FROM clerks WHERE role = 'owner' AND active = 1");
      return rows[0].count;
    },
    *rename(id: number, name: string, nameKey: string) {
      return runResult(yield* sql('UPDATE clerks SET name = $1, name_key = $2 WHERE id = $3', [name, nameKey, id]));
    },
    *setRole(id: number, role: string) {
      return runResult(yield* sql('UPDATE clerks SET role = $1 WHERE id = $2', [role, id]));
    },
    *setPin(id: number, pinHash: string) {
      return runResult(yield* sql('UPDATE clerks SET pin_hash = $1 WHERE id = $2', [pinHash, id]));
    },
    *setActive(id: number, active: boolean) {
      return runResult(yield* sql('UPDATE clerks SET active = $1 WHERE id = $2', [active ? 1 : 0, id]));
    },
  };
}
