import type { Db } from '../connection';

export interface TillRow {
  id: number;
  name: string;
  tokenId: number;
  pairedAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface PairingCodeRow {
  id: number;
  code: string;
  expiresAt: string;
}

/** A till's dates of use and revocation are its token's: one revocation, one verifier. */
const TILL_COLUMNS =
  'tills.id, tills.name, tills.token_id AS tokenId, tills.paired_at AS pairedAt, t.last_used_at AS lastUsedAt, t.revoked_at AS revokedAt';
const FROM_TILLS = 'FROM tills JOIN api_tokens t ON t.id = tills.token_id';

/** Paired tills and the one-time codes that pair them. */
export function tillsRepository(db: Db) {
  const insert = db.prepare<[string, number, string]>('INSERT INTO tills (name, token_id, paired_at) VALUES (?, ?, ?)');
  const byId = db.prepare<[number], TillRow>(`SELECT ${TILL_COLUMNS} ${FROM_TILLS} WHERE tills.id = ?`);
  const all = db.prepare<[], TillRow>(`SELECT ${TILL_COLUMNS} ${FROM_TILLS} ORDER BY tills.id DESC`);
  const insertCode = db.prepare<[string, string, string]>('INSERT INTO pairing_codes (code, created_at, expires_at) VALUES (?, ?, ?)');
  const usable = db.prepare<[string], PairingCodeRow>(
    'SELECT id, code, expires_at AS expiresAt FROM pairing_codes WHERE used_at IS NULL AND expires_at > ? ORDER BY id',
  );
  const markUsed = db.prepare<[string, number]>('UPDATE pairing_codes SET used_at = ? WHERE id = ? AND used_at IS NULL');
  // Used and expired codes open nothing; kept no longer than it takes to make the next one.
  const forgetCodes = db.prepare<[string]>('DELETE FROM pairing_codes WHERE used_at IS NOT NULL OR expires_at <= ?');
  return {
    /** Which store these tills pair with, the same object on either context: the key its host serves it under (service/shop-server.ts). */
    store: Object.freeze({}),
    insert: (name: string, tokenId: number, pairedAt: string) => Number(insert.run(name, tokenId, pairedAt).lastInsertRowid),
    find: (id: number) => byId.get(id),
    all: () => all.all(),
    /** Stores a new code after forgetting the ones that can no longer pair. */
    insertCode: (code: string, now: string, expiresAt: string) => {
      forgetCodes.run(now);
      insertCode.run(code, now, expiresAt);
    },
    /** The codes not used and not expired at `now`. */
    usableCodes: (now: string) => usable.all(now),
    /** Marks a code used; false when it already was. */
    useCode: (id: number, at: string) => markUsed.run(at, id).changes === 1,
  };
}
export type TillsRepository = ReturnType<typeof tillsRepository>;
