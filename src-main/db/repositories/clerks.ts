import type { Db } from '../connection';

export interface ClerkRow {
  id: number;
  name: string;
  role: 'clerk' | 'owner';
  pinHash: string;
  active: number;
  createdAt: string;
}

const COLUMNS = 'id, name, role, pin_hash AS pinHash, active, created_at AS createdAt';

/** Clerks with their role and PIN hash; names are unique by their folded key. */
export function clerksRepository(db: Db) {
  const insert = db.prepare<[string, string, string, string, string]>(
    'INSERT INTO clerks (name, name_key, role, pin_hash, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[number], ClerkRow>(`SELECT ${COLUMNS} FROM clerks WHERE id = ?`);
  const byKey = db.prepare<[string], ClerkRow>(`SELECT ${COLUMNS} FROM clerks WHERE name_key = ?`);
  const all = db.prepare<[], ClerkRow>(`SELECT ${COLUMNS} FROM clerks ORDER BY name_key, id`);
  const count = db.prepare<[], { count: number }>('SELECT count(*) AS count FROM clerks');
  const activeOwners = db.prepare<[], { count: number }>("SELECT count(*) AS count FROM clerks WHERE role = 'owner' AND active = 1");
  const rename = db.prepare<[string, string, number]>('UPDATE clerks SET name = ?, name_key = ? WHERE id = ?');
  const setRole = db.prepare<[string, number]>('UPDATE clerks SET role = ? WHERE id = ?');
  const setPin = db.prepare<[string, number]>('UPDATE clerks SET pin_hash = ? WHERE id = ?');
  const setActive = db.prepare<[number, number]>('UPDATE clerks SET active = ? WHERE id = ?');
  return {
    insert: (name: string, nameKey: string, role: string, pinHash: string, createdAt: string) =>
      Number(insert.run(name, nameKey, role, pinHash, createdAt).lastInsertRowid),
    find: (id: number) => byId.get(id),
    findByKey: (nameKey: string) => byKey.get(nameKey),
    all: () => all.all(),
    count: () => count.get()!.count,
    activeOwnerCount: () => activeOwners.get()!.count,
    rename: (id: number, name: string, nameKey: string) => rename.run(name, nameKey, id),
    setRole: (id: number, role: string) => setRole.run(role, id),
    setPin: (id: number, pinHash: string) => setPin.run(pinHash, id),
    setActive: (id: number, active: boolean) => setActive.run(active ? 1 : 0, id),
  };
}
export type ClerksRepository = ReturnType<typeof clerksRepository>;
