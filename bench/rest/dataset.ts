import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { invokeOperation } from '../../src-main/service/invoke';
import { openStore } from '../../src-main/service/store';
import type { PostgresDataset } from './postgres-dataset';

export interface Dataset {
  /** The store's database, for the headless server. */
  petstoreDb: string;
  /** A byte-identical copy, for the bare node:http + better-sqlite3 server. */
  bareSqliteDb: string;
  /** Another copy, for a baseline checkout's server (`--baseline`). */
  baselineDb?: string;
  /** The same pets (and categories) as a json-server database. */
  jsonServerDb: string;
  pets: number;
  /** Pets restocked to 1,000,000 so that orders never run out during the benchmark. */
  orderPetIds: number[];
  /** The same store on PostgreSQL, when a PostgreSQL server is in the run. */
  postgres?: PostgresDataset;
}

/** The most a token may send per minute (the setting's maximum). */
export const RATE_LIMIT_MAX = 1_000_000;
export const STOCK_MAX = 1_000_000;

/**
 * Seeds a database with `pets` pets through the CLI (`petstore seed`), then, through the store's
 * own operations: raises the per-token rate limit to its maximum (the default, 1,200 a minute,
 * would refuse a benchmark within a second) and restocks the pets the order scenario buys.
 * Copies it for the bare server and exports it as JSON for json-server.
 */
export function prepareDataset(root: string, dir: string, pets: number, orderPets: number, baselineRoot?: string): Dataset {
  const master = join(dir, 'master.db');
  seed(root, master, pets);

  const orderPetIds = Array.from({ length: orderPets }, (_, i) => 1 + i);
  const store = openStore(master);
  try {
    const call = (name: string, input: unknown) => {
      const result = invokeOperation(store.handlers, name, input);
      if (!result.ok) throw new Error(`${name} failed: ${result.error.message}`);
    };
    call('settings.update', { rateLimitPerMinute: RATE_LIMIT_MAX });
    for (const petId of orderPetIds) call('inventory.set', { petId, update: { quantity: STOCK_MAX } });
  } finally {
    store.close(); // checkpoints the WAL: the file alone is the whole database
  }

  const petstoreDb = join(dir, 'petstore.db');
  const bareSqliteDb = join(dir, 'bare-sqlite.db');
  copyFileSync(master, petstoreDb);
  copyFileSync(master, bareSqliteDb);
  const baselineDb = baselineRoot ? join(dir, 'baseline.db') : undefined;
  if (baselineRoot && baselineDb) copyInto(baselineRoot, master, baselineDb);

  const jsonServerDb = join(dir, 'json-server.json');
  const db = new Database(master, { readonly: true });
  try {
    const data = {
      pets: db.prepare('SELECT id, name, category_id AS categoryId, status FROM pets ORDER BY id').all(),
      categories: db.prepare('SELECT id, name, description FROM categories ORDER BY id').all(),
      orders: [],
    };
    writeFileSync(jsonServerDb, JSON.stringify(data));
  } finally {
    db.close();
  }
  return { petstoreDb, bareSqliteDb, baselineDb, jsonServerDb, pets, orderPetIds };
}

/** `petstore seed` of the checkout at `root`. */
function seed(root: string, file: string, pets: number): void {
  const seeded = spawnSync(process.execPath, [join(root, 'bin/petstore.mjs'), 'seed', '--db', file, '--pets', String(pets)], { cwd: root, encoding: 'utf8' });
  if (seeded.status !== 0) throw new Error(`petstore seed failed:\n${seeded.stdout}${seeded.stderr}`);
}

/**
 * The master's rows in a store made by the baseline checkout's own migrations: an older checkout
 * refuses a file of a newer schema, and each keeps only the tables and columns it knows.
 */
function copyInto(baselineRoot: string, master: string, target: string): void {
  seed(baselineRoot, target, 0);
  const db = new Database(target);
  try {
    db.prepare('ATTACH DATABASE ? AS master').run(master);
    db.pragma('foreign_keys = OFF');
    const tables = db.prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'").pluck().all() as string[];
    db.transaction(() => {
      for (const table of tables) {
        db.exec(`DELETE FROM main."${table}"`);
        const theirs = new Set((db.pragma(`master.table_info("${table}")`) as { name: string }[]).map((column) => column.name));
        const columns = (db.pragma(`main.table_info("${table}")`) as { name: string }[]).map((column) => column.name).filter((name) => theirs.has(name));
        if (columns.length === 0) continue;
        const list = columns.map((name) => `"${name}"`).join(', ');
        db.exec(`INSERT INTO main."${table}" (${list}) SELECT ${list} FROM master."${table}"`);
      }
      db.exec('DELETE FROM main.sqlite_sequence; INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM master.sqlite_sequence');
    })();
    db.exec('DETACH DATABASE master');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}
