/**
 * How an import's work grows: with the rows of the file, never with the pets the store already
 * holds. Checked on the statements themselves, not by timing: which statements one import runs
 * and how often, and how SQLite answers each one that runs for every row (EXPLAIN QUERY PLAN).
 * 50,000 rows into a store of 20,000 pets took half a minute while the "already has a pet named"
 * note walked the whole category for every row; see bench/README.md for the figures.
 */
import pg from 'pg';
import { afterEach, expect, test } from 'vitest';
import type { EngineStore } from '../helpers/engine-stores';
import { describePostgres } from '../helpers/postgres-database';
import type { TestStore } from '../helpers/temp-store';
import { secondStoreOn } from './support/engine-records';
import { openStoreForRules } from './support/observe';
import { statementsRunBy, type StatementRuns } from './support/statements';
import type { Db } from '../../src-main/db/connection';

const stores: TestStore[] = [];
afterEach(() => stores.splice(0).forEach((t) => t.close()));

/** A store with Dogs holding `existing` pets ("Old 1" …) and Cats holding one. */
function storeWith(existing: number): TestStore {
  const t = openStoreForRules();
  stores.push(t);
  t.ok('categories.create', { name: 'Dogs' });
  t.ok('categories.create', { name: 'Cats' });
  const rows = Array.from({ length: existing }, (_, i) => `Old ${i + 1},Dogs,available,1`);
  t.ok('data.import', { format: 'csv', content: ['name,category,status,stock', ...rows, 'Tom,Cats,pending,0'].join('\n') });
  return t;
}

const ROWS = 60;
/** A file of every kind of row an import checks: new pets, a likely duplicate, a pet already here, a category by id. */
const file = [
  'id,name,category,status,stock',
  ...Array.from({ length: ROWS - 3 }, (_, i) => `,New ${i + 1},Dogs,available,${1 + (i % 3)}`),
  ',Old 7,Dogs,pending,0',
  '1,Old 1,Dogs,available,1',
  ',Kit,2,available,2',
].join('\n');


/** What a preview and then an import of `file` run, into a store of `existing` pets. */
function importInto(existing: number): { t: TestStore; preview: StatementRuns; imported: StatementRuns } {
  const t = storeWith(existing);
  const preview = statementsRunBy(t.store.db, () => t.ok('data.previewImport', { format: 'csv', content: file }));
  const imported = statementsRunBy(t.store.db, () => t.ok('data.import', { format: 'csv', content: file }));
  expect(t.ok('pets.list', {}).total).toBe(existing + 1 + ROWS - 1); // every row but the pet already here
  return { t, preview, imported };
}

const runsOf = (seen: StatementRuns) => Object.fromEntries([...seen].map(([sql, { runs }]) => [sql, runs]));

test('a preview and an import run the same statements, as often, into a store of 200 pets as into one of 2,000', () => {
  const small = importInto(200);
  const large = importInto(2000);
  expect(runsOf(large.preview)).toEqual(runsOf(small.preview));
  expect(runsOf(large.imported)).toEqual(runsOf(small.imported));
});

/** Every query sent to PostgreSQL while `work` runs (pg's Client is where the pool's queries go), and how often. */
async function queriesRunBy(work: () => Promise<unknown>): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text ?? '';
    seen[text] = (seen[text] ?? 0) + 1;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}

// The same on PostgreSQL, counted on the queries pg sends. (The plans below are SQLite's own,
// EXPLAIN QUERY PLAN read through better-sqlite3.)
describePostgres('an import on PostgreSQL', () => {
  const newStore = secondStoreOn('postgres');
  const stores: EngineStore[] = [];
  afterEach(async () => {
    for (const t of stores.splice(0)) await t.close();
  });

  async function importInto(existing: number): Promise<{ preview: Record<string, number>; imported: Record<string, number> }> {
    const t = await newStore();
    stores.push(t);
    await t.ok('categories.create', { name: 'Dogs' });
    await t.ok('categories.create', { name: 'Cats' });
    const rows = Array.from({ length: existing }, (_, i) => `Old ${i + 1},Dogs,available,1`);
    await t.ok('data.import', { format: 'csv', content: ['name,category,status,stock', ...rows, 'Tom,Cats,pending,0'].join('\n') });
    const preview = await queriesRunBy(() => t.ok('data.previewImport', { format: 'csv', content: file }));
    const imported = await queriesRunBy(() => t.ok('data.import', { format: 'csv', content: file }));
    expect((await t.ok('pets.list', {})).total).toBe(existing + 1 + ROWS - 1);
    return { preview, imported };
  }

  test('a preview and an import run the same queries, as often, into a store of 200 pets as into one of 2,000', async () => {
    const small = await importInto(200);
    const large = await importInto(2000);
    expect(Object.keys(small.imported).length).toBeGreaterThan(3);
    expect(large.preview).toEqual(small.preview);
    expect(large.imported).toEqual(small.imported);
  });
});

/**
 * Whether SQLite answers a statement by reading the rows of one key: every line of its plan a
 * search by the rowid, or by an index with every column of that index compared for equality.
 * A search on only the first columns of an index reads all the rows sharing them (a category's
 * every pet); a SCAN reads the whole table.
 */
function readsByFullKey(db: Db, sql: string, args: unknown[]): { ok: boolean; plan: string[] } {
  const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((row) => row.detail);
  const ok = plan.every((line) => {
    if (/^SEARCH \w+ USING INTEGER PRIMARY KEY \(rowid=\?\)$/.test(line)) return true;
    const search = /^SEARCH \w+ USING (?:COVERING )?INDEX (\w+) \((.*)\)$/.exec(line);
    if (!search) return false;
    const compared = search[2]!.split(' AND ').map((term) => /^(\w+)=\?$/.exec(term)?.[1]);
    const columns = (db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').pluck().all(search[1]) as string[]);
    return [...columns].sort().join() === [...compared].sort().join();
  });
  return { ok, plan };
}

test('every statement a preview or an import runs for each row reads one key\'s rows, not a category\'s or a table\'s', () => {
  const { t, preview, imported } = importInto(2000);
  for (const [operation, seen] of [['data.previewImport', preview], ['data.import', imported]] as const) {
    const perRow = [...seen].filter(([, { runs }]) => runs >= ROWS / 2);
    // The checks are really there: the lookup behind "The store already has a pet named …" is one of them.
    expect(perRow.filter(([sql]) => /^SELECT .* FROM pets WHERE .*name_sort/.test(sql)), operation).toHaveLength(1);
    for (const [sql, { args }] of perRow) {
      const { ok, plan } = readsByFullKey(t.store.db, sql, args);
      expect(ok, `${operation} runs this for each row:\n  ${sql}\nand SQLite answers it with: ${plan.join(' | ')}`).toBe(true);
    }
  }
});
