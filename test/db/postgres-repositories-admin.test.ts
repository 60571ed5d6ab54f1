/**
 * The admin repositories on PostgreSQL answer as their SQLite twins: the same calls on both engines
 * give the same results, field for field and in the same order (events, settings, tokens,
 * idempotency keys, clerks, clerk sessions, tills and pairing codes).
 */
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { postgresClerkSessionsRepository } from '../../src-main/db/postgres/repositories/clerk-sessions';
import { postgresClerksRepository } from '../../src-main/db/postgres/repositories/clerks';
import { postgresEventsRepository } from '../../src-main/db/postgres/repositories/events';
import { postgresIdempotencyKeysRepository } from '../../src-main/db/postgres/repositories/idempotency-keys';
import { postgresSettingsRepository } from '../../src-main/db/postgres/repositories/settings';
import { postgresTillsRepository } from '../../src-main/db/postgres/repositories/tills';
import { postgresTokensRepository } from '../../src-main/db/postgres/repositories/tokens';
import { runStep } from '../../src-main/db/postgres/run-step';
import { sql, type Step } from '../../src-main/db/step';
import type { StoreRepositories } from '../../src-main/service/handler-context';
import { enginePair, inWrite } from '../helpers/engine-pair';
import { describePostgres } from '../helpers/postgres-database';

type AdminRepositories = Pick<StoreRepositories, 'events' | 'settings' | 'tokens' | 'idempotencyKeys' | 'clerks' | 'clerkSessions' | 'tills'>;

const postgres: AdminRepositories = {
  events: postgresEventsRepository(),
  settings: postgresSettingsRepository(),
  tokens: postgresTokensRepository(),
  idempotencyKeys: postgresIdempotencyKeysRepository(),
  clerks: postgresClerksRepository(),
  clerkSessions: postgresClerkSessionsRepository(),
  tills: postgresTillsRepository(),
};

/** An advisory lock the test holds to stop a transaction midway. */
const GATE = 4242;
/** Resolves once a transaction waits for the gate (a lock not granted), polled every 10 ms. */
async function untilWaitingAtGate(client: pg.PoolClient): Promise<void> {
  const waiting = "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND NOT granted";
  while ((await client.query<{ n: number }>(waiting, [GATE])).rows[0].n === 0) await new Promise((resolve) => setTimeout(resolve, 10));
}

const NOW = '2026-11-28T12:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

describePostgres('the admin repositories on PostgreSQL answer as SQLite’s', () => {
  const engines = enginePair();

  // Tokens and events stamp the clock themselves: one frozen time makes both engines' stamps equal.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  beforeEach(() => {
    vi.setSystemTime(new Date(NOW));
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  /** Runs `call` on both engines (a write transaction on PostgreSQL) and expects the same answer, keys in the same order. */
  async function same<T>(call: (repositories: AdminRepositories) => Step<T>, { keyOrder = true } = {}): Promise<T> {
    const onSqlite = engines.onSqlite(call(engines.store.steps));
    const onPostgres = await engines.onPostgres(inWrite(() => call(postgres)));
    expect(onPostgres).toStrictEqual(onSqlite);
    if (keyOrder) expect(JSON.stringify(onPostgres)).toBe(JSON.stringify(onSqlite));
    return onSqlite;
  }
  /** The rows a statement changed on both engines (`lastInsertRowid` of an UPDATE is SQLite's last insert: not compared). */
  const sameChanges = (call: (repositories: AdminRepositories) => Step<{ changes: number }>) =>
    same(function* (repositories) {
      return (yield* call(repositories)).changes;
    });
  /** How many rows `table` holds on each engine. */
  async function rowCounts(table: string): Promise<[number, number]> {
    const sqlite = engines.store.context.db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get()!.n;
    const { rows } = await engines.pool.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`);
    return [sqlite, rows[0].n];
  }

  test('settings: a missing key gives the fallback; set stores and replaces; all reads every key', async () => {
    // The SQLite store writes its time zone when it opens: the same row on PostgreSQL first.
    for (const [key, value] of Object.entries(engines.onSqlite(engines.store.steps.settings.all()))) {
      await engines.onPostgres(postgres.settings.set(key, value));
    }
    expect(await same((r) => r.settings.get('lowStockThreshold', 5))).toBe(5);
    await same((r) => r.settings.set('lowStockThreshold', 3));
    await same((r) => r.settings.set('shopName', { name: 'Paws', lines: ['a', null] }));
    expect(await same((r) => r.settings.get('lowStockThreshold', 5))).toBe(3);
    await same((r) => r.settings.set('lowStockThreshold', 7));
    expect(await same((r) => r.settings.get('lowStockThreshold', 5))).toBe(7);
    // A record whose keys are looked up (settings-read.ts): its key order is SQLite's storage order, not kept.
    expect(await same((r) => r.settings.all(), { keyOrder: false })).toMatchObject({ lowStockThreshold: 7, shopName: { name: 'Paws', lines: ['a', null] } });
  });

  test('tokens: insert gives the id; find, all (no tills, newest first) and active; revoke once; touch', async () => {
    expect(await same((r) => r.tokens.insert('Reader', 'read', 'a1'.repeat(32), 'ps_a1'))).toBe(1);
    await same((r) => r.tokens.insert('Writer', 'write', 'b2'.repeat(32), 'ps_b2'));
    await same((r) => r.tokens.insert('Till token', 'till', 'c3'.repeat(32), 'ps_c3'));
    await same((r) => r.tokens.insert('Second reader', 'read', 'd4'.repeat(32), 'ps_d4'));
    expect(await same((r) => r.tokens.find(2))).toMatchObject({ label: 'Writer', scope: 'write', lastUsedAt: null });
    expect(await same((r) => r.tokens.find(99))).toBeUndefined();
    expect((await same((r) => r.tokens.all())).map((row) => row.id)).toEqual([4, 2, 1]);
    vi.setSystemTime(new Date(at(1)));
    expect(await sameChanges((r) => r.tokens.revoke(1))).toBe(1);
    expect(await sameChanges((r) => r.tokens.revoke(1))).toBe(0);
    expect(await sameChanges((r) => r.tokens.touch(2, at(2)))).toBe(1);
    expect(await sameChanges((r) => r.tokens.touch(99, at(2)))).toBe(0);
    // In id order as SQLite's scan gives them, though PostgreSQL wrote the updated rows anew at its table's end.
    await sameChanges((r) => r.tokens.touch(3, at(3)));
    expect((await same((r) => r.tokens.active())).map((row) => row.id)).toEqual([2, 3, 4]);
    expect(await same((r) => r.tokens.find(1))).toMatchObject({ revokedAt: at(1) });
    await same((r) => r.tokens.all());
  });

  test('idempotency keys: a missing key, a first answer, its replacement, and a purge of the old ones', async () => {
    const answer = { operation: 'pets.create', fingerprint: 'f1', status: 201, body: '{"id":1}', createdAt: at(0) };
    expect(await same((r) => r.idempotencyKeys.find(1, 'k1'))).toBeUndefined();
    await sameChanges((r) => r.idempotencyKeys.put(1, 'k1', answer));
    await sameChanges((r) => r.idempotencyKeys.put(2, 'k1', { ...answer, operation: null, createdAt: at(5) }));
    expect(await same((r) => r.idempotencyKeys.find(1, 'k1'))).toEqual(answer);
    expect(await sameChanges((r) => r.idempotencyKeys.put(1, 'k1', { ...answer, fingerprint: 'f2', status: 200, createdAt: at(1) }))).toBe(1);
    expect(await same((r) => r.idempotencyKeys.find(1, 'k1'))).toMatchObject({ fingerprint: 'f2', status: 200, createdAt: at(1) });
    expect(await same((r) => r.idempotencyKeys.find(2, 'k1'))).toMatchObject({ operation: null });
    expect(await same((r) => r.idempotencyKeys.purge(at(2)))).toBe(1);
    expect(await same((r) => r.idempotencyKeys.purge(at(2)))).toBe(0);
    expect(await same((r) => r.idempotencyKeys.find(1, 'k1'))).toBeUndefined();
    expect(await same((r) => r.idempotencyKeys.find(2, 'k1'))).toBeDefined();
  });

  test('clerks: insert, find by id and key, all by key in byte order, counts, and each change', async () => {
    // Keys sort byte by byte: upper case before lower, accented letters last.
    for (const [name, key, role] of [
      ['anna', 'anna', 'owner'],
      ['Émile', 'émile', 'clerk'],
      ['Bob', 'Bob', 'clerk'],
      ['zoë', 'zoë', 'owner'],
      ['Al', 'al', 'clerk'],
    ]) {
      await same((r) => r.clerks.insert(name, key, role, `hash-${key}`, at(0)));
    }
    expect(await same((r) => r.clerks.find(2))).toMatchObject({ name: 'Émile', role: 'clerk', pinHash: 'hash-émile', active: 1 });
    expect(await same((r) => r.clerks.find(99))).toBeUndefined();
    expect(await same((r) => r.clerks.findByKey('zoë'))).toMatchObject({ id: 4 });
    expect(await same((r) => r.clerks.findByKey('Zoë'))).toBeUndefined();
    expect((await same((r) => r.clerks.all())).map((row) => row.name)).toEqual(['Bob', 'Al', 'anna', 'zoë', 'Émile']);
    expect(await same((r) => r.clerks.count())).toBe(5);
    expect(await same((r) => r.clerks.activeOwnerCount())).toBe(2);
    expect(await sameChanges((r) => r.clerks.rename(3, 'Bobby', 'bobby'))).toBe(1);
    expect(await sameChanges((r) => r.clerks.setRole(5, 'owner'))).toBe(1);
    expect(await sameChanges((r) => r.clerks.setPin(5, 'hash-new'))).toBe(1);
    expect(await sameChanges((r) => r.clerks.setActive(1, false))).toBe(1);
    expect(await sameChanges((r) => r.clerks.setActive(99, true))).toBe(0);
    expect(await same((r) => r.clerks.activeOwnerCount())).toBe(2);
    expect((await same((r) => r.clerks.all())).map((row) => row.name)).toEqual(['Al', 'anna', 'Bobby', 'zoë', 'Émile']);
    await same((r) => r.clerks.find(5));
  });

  test('tills: insert, find and all (newest first) with their token’s dates', async () => {
    const tokenIds: number[] = [];
    for (const name of ['Front', 'Back', 'Garden']) {
      tokenIds.push(await same((r) => r.tokens.insert(name, 'till', `till-${name}`, `ps_${name}`)));
    }
    for (const [index, name] of ['Front', 'Back', 'Garden'].entries()) {
      await same((r) => r.tills.insert(name, tokenIds[index], at(index)));
    }
    await sameChanges((r) => r.tokens.touch(tokenIds[0], at(10)));
    await sameChanges((r) => r.tokens.revoke(tokenIds[1]));
    expect(await same((r) => r.tills.find(1))).toMatchObject({ name: 'Front', tokenId: tokenIds[0], pairedAt: at(0), lastUsedAt: at(10), revokedAt: null });
    expect(await same((r) => r.tills.find(99))).toBeUndefined();
    expect((await same((r) => r.tills.all())).map((row) => row.name)).toEqual(['Garden', 'Back', 'Front']);
  });

  test('pairing codes: usable ones by id; used once; used and expired ones forgotten by the next, whose code may come again', async () => {
    await same((r) => r.tills.insertCode('AAAAAAAAAA', at(0), at(10)));
    await same((r) => r.tills.insertCode('BBBBBBBBBB', at(1), at(3)));
    await same((r) => r.tills.insertCode('CCCCCCCCCC', at(2), at(20)));
    expect((await same((r) => r.tills.usableCodes(at(2)))).map((row) => row.code)).toEqual(['AAAAAAAAAA', 'BBBBBBBBBB', 'CCCCCCCCCC']);
    expect((await same((r) => r.tills.usableCodes(at(3)))).map((row) => row.code)).toEqual(['AAAAAAAAAA', 'CCCCCCCCCC']);
    expect(await same((r) => r.tills.useCode(1, at(4)))).toBe(true);
    expect(await same((r) => r.tills.useCode(1, at(5)))).toBe(false);
    expect(await same((r) => r.tills.useCode(99, at(5)))).toBe(false);
    expect(await rowCounts('pairing_codes')).toEqual([3, 3]);
    // The used code and the expired one are forgotten; the used one's code is given again.
    await same((r) => r.tills.insertCode('AAAAAAAAAA', at(6), at(16)));
    expect(await rowCounts('pairing_codes')).toEqual([2, 2]);
    expect(await same((r) => r.tills.usableCodes(at(6)))).toEqual([
      { id: 3, code: 'CCCCCCCCCC', expiresAt: at(20) },
      { id: 4, code: 'AAAAAAAAAA', expiresAt: at(16) },
    ]);
  });

  test('clerk sessions: open ones with their clerk and till; ended, expired, inactive and revoked ones are not', async () => {
    // Clerks 2 to 5 are active (1 is not); till 1 is paired, till 2's token is revoked.
    const start = (clerkId: number, tillId: number | null, hash: string, expiresAt: string) =>
      same((r) => r.clerkSessions.insert(clerkId, tillId, hash, at(0), expiresAt));
    expect(await start(2, 1, 'h-till', at(60))).toBe(1);
    await start(3, null, 'h-desk', at(60));
    await start(1, null, 'h-inactive', at(60));
    await start(4, 2, 'h-revoked', at(60));
    await start(5, 3, 'h-short', at(5));
    await start(5, null, 'h-other', at(60));
    const open = await same((r) => r.clerkSessions.open(at(1)));
    expect(open.map((row) => row.hash)).toEqual(['h-till', 'h-desk', 'h-short', 'h-other']);
    expect(open[0]).toMatchObject({ clerkId: 2, clerkName: 'Émile', role: 'clerk', tillId: 1, tillName: 'Front', tillTokenId: 5 });
    expect((await same((r) => r.clerkSessions.open(at(5)))).map((row) => row.hash)).toEqual(['h-till', 'h-desk', 'h-other']);
    expect(await same((r) => r.clerkSessions.findOpen(2))).toMatchObject({ tillId: null, tillName: null, tillTokenId: null });
    expect(await same((r) => r.clerkSessions.findOpen(3))).toBeUndefined();
    expect(await same((r) => r.clerkSessions.findOpen(99))).toBeUndefined();
    expect(await same((r) => r.clerkSessions.end(2, at(2)))).toBe(true);
    expect(await same((r) => r.clerkSessions.end(2, at(3)))).toBe(false);
    expect(await same((r) => r.clerkSessions.endOfClerk(5, at(3)))).toBe(2);
    expect(await same((r) => r.clerkSessions.endOfTill(1, at(3)))).toBe(1);
    expect(await same((r) => r.clerkSessions.endOfTill(1, at(3)))).toBe(0);
    expect(await same((r) => r.clerkSessions.endAll(at(4)))).toBe(2);
    expect(await rowCounts('clerk_sessions')).toEqual([6, 6]);
    // The next session forgets every ended one.
    expect(await start(3, null, 'h-next', at(90))).toBe(7);
    expect(await rowCounts('clerk_sessions')).toEqual([1, 1]);
    expect(await same((r) => r.clerkSessions.open(at(1)))).toHaveLength(1);
  });

  test('events: none yet; appended ones read after an id, as the latest id and newest first', async () => {
    expect(await same((r) => r.events.latestId())).toBe(0);
    expect(await same((r) => r.events.after(0, 10))).toEqual([]);
    await same(function* (r) {
      yield* r.events.append('category.created', { id: 1, name: 'Dogs', taxRate: 2000 });
      yield* r.events.append('category.deleted', { id: 1, name: 'Dogs' });
    });
    await same((r) => r.events.append('category.deleted', { id: 2, name: 'Cats' }));
    expect(await same((r) => r.events.latestId())).toBe(3);
    expect((await same((r) => r.events.after(0, 10))).map((event) => event.id)).toEqual([1, 2, 3]);
    expect(await same((r) => r.events.after(1, 1))).toMatchObject([{ id: 2, type: 'category.deleted', at: NOW, data: { id: 1, name: 'Dogs' } }]);
    expect(await same((r) => r.events.after(3, 10))).toEqual([]);
    expect((await same((r) => r.events.newest(2))).map((event) => event.id)).toEqual([3, 2]);
  });

  test('events: two write transactions’ events are numbered in commit order, and read so', async () => {
    const gate = await engines.pool.connect();
    try {
      await gate.query('SELECT pg_advisory_lock($1)', [GATE]);
      // The first transaction appends, then waits at the gate; the second appends and commits meanwhile.
      const first = runStep(engines.pool, inWrite(function* () {
        yield* postgres.events.append('category.deleted', { id: 101, name: 'Fish' });
        yield* sql('SELECT pg_advisory_xact_lock_shared($1)', [GATE]);
      }));
      await untilWaitingAtGate(gate);
      await runStep(engines.pool, inWrite(() => postgres.events.append('category.deleted', { id: 102, name: 'Birds' })));
      await gate.query('SELECT pg_advisory_unlock($1)', [GATE]);
      await first;
    } finally {
      gate.release();
    }
    // SQLite numbers as it appends: in the order the two committed on PostgreSQL.
    engines.onSqlite(engines.store.steps.events.append('category.deleted', { id: 102, name: 'Birds' }));
    engines.onSqlite(engines.store.steps.events.append('category.deleted', { id: 101, name: 'Fish' }));
    expect((await same((r) => r.events.after(3, 10))).map((event) => event.data)).toEqual([{ id: 102, name: 'Birds' }, { id: 101, name: 'Fish' }]);
    expect(await same((r) => r.events.latestId())).toBe(5);
    expect((await same((r) => r.events.newest(1))).map((event) => event.data)).toEqual([{ id: 101, name: 'Fish' }]);
  });
});
