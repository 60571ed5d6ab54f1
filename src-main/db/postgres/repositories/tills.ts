import type { PairingCodeRow, TillRow, TillsRepository } from '../../repositories/tills';
import { sql, type Stepped } from '../../step';

/** A till's dates of use and revocation are its token's: one revocation, one verifier. */
const TILL_COLUMNS =
  'tills.id, tills.name, tills.token_id AS "tokenId", tills.paired_at AS "pairedAt", t.last_used_at AS "lastUsedAt", t.revoked_at AS "revokedAt"';
const FROM_TILLS = 'FROM tills JOIN api_tokens t ON t.id = tills.token_id';

/**
 * Used and expired codes forgotten, then the new one stored, in one statement: the insert reads the
 * count of the forgotten rows, so the DELETE has run before it and a forgotten code may come again.
 */
const FORGET_AND_INSERT_CODE = `WITH forgotten AS (DELETE FROM pairing_codes WHERE used_at IS NOT NULL OR expires_at <= $2 RETURNING 1)
  INSERT INTO pairing_codes (code, created_at, expires_at)
  SELECT $1::text, $2::text, $3::text FROM (SELECT count(*) FROM forgotten) AS done`;

/** Paired tills and the one-time codes that pair them, on PostgreSQL. */
export function postgresTillsRepository(): Stepped<TillsRepository> {
  return {
    /** Which store these tills pair with: the key its host serves it under (service/shop-server.ts). */
    store: Object.freeze({}),
    *insert(name: string, tokenId: number, pairedAt: string) {
      const { rows } = yield* sql<{ id: number }>('INSERT INTO tills (name, token_id, paired_at) VALUES ($1, $2, $3) RETURNING id', [
        name,
        tokenId,
        pairedAt,
      ]);
      return rows[0].id;
    },
    *find(id: number) {
      const { rows } = yield* sql<TillRow>(`SELECT ${TILL_COLUMNS} ${FROM_TILLS} WHERE tills.id = $1`, [id]);
      return rows[0] as TillRow | undefined;
    },
    *all() {
      const { rows } = yield* sql<TillRow>(`SELECT ${TILL_COLUMNS} ${FROM_TILLS} ORDER BY tills.id DESC`);
      return rows;
    },
    /** Stores a new code after forgetting the ones that can no longer pair. */
    *insertCode(code: string, now: string, expiresAt: string) {
      yield* sql(FORGET_AND_INSERT_CODE, [code, now, expiresAt]);
    },
    /** The codes not used and not expired at `now`. */
    *usableCodes(now: string) {
      const { rows } = yield* sql<PairingCodeRow>(
        'SELECT id, code, expires_at AS "expiresAt" FROM pairing_codes WHERE used_at IS NULL AND expires_at > $1 ORDER BY id',
        [now],
      );
      return rows;
    },
    /** Marks a code used; false when it already was. */
    *useCode(id: number, at: string) {
      return (yield* sql('UPDATE pairing_codes SET used_at = $1 WHERE id = $2 AND used_at IS NULL', [at, id])).rowCount === 1;
    },
  };
}
