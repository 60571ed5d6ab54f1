/**
 * `petstore restore --from FILE` as a headless shop runs it (in this process, on a real database
 * file): the app's restore, with its checks and its safety copy, while a server goes on serving.
 */
import Database from 'better-sqlite3';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { invokeOperation } from '../../src-main/service/invoke';
import { openStore } from '../../src-main/service/store';
import { tempDir } from '../helpers/temp-store';
import { petstore, servePetstore, stopAllPetstores } from '../helpers/cli-in-process';

let dir: string;
let cleanup: () => void;
let db: string;
let monday: string;

/** The shop as seeded, backed up to monday.db, then a pet and a token added after the backup. */
beforeEach(async () => {
  ({ dir, cleanup } = tempDir('petstore-cli-restore-'));
  db = join(dir, 'store.db');
  monday = join(dir, 'monday.db');
  expect((await petstore(['seed', '--db', db, '--pets', '30'])).code).toBe(0);
  expect((await petstore(['backup', '--db', db, '--to', monday])).code).toBe(0);
  const store = openStore(db);
  try {
    expect(invokeOperation(store.handlers, 'pets.create', { name: 'Added on Tuesday', categoryId: 1 }).ok).toBe(true);
  } finally {
    store.close();
  }
});
afterEach(async () => {
  await stopAllPetstores();
  cleanup();
});

const petNames = (file: string) => {
  const raw = new Database(file, { readonly: true });
  try {
    return raw.prepare('SELECT name FROM pets ORDER BY id').pluck().all() as string[];
  } finally {
    raw.close();
  }
};

test('restore replaces the data with the backup’s while a server runs, keeping the data as it was in backups/', async () => {
  const server = await servePetstore(db, { PETSTORE_API_TOKEN: 'cli-restore-secret-token' });
  const before = petNames(db);
  expect(before).toHaveLength(31);

  const result = await petstore(['restore', '--from', monday, '--db', db]);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).toBe('');
  const said = /^Restored from (.+)\. The data as it was is kept in (.+)\.\n$/.exec(result.stdout);
  expect(said, result.stdout).not.toBeNull();
  const [, from, safety] = said!;
  expect(from).toBe(monday);
  expect(safety).toMatch(new RegExp(`^${join(dir, 'backups')}/before-restore-\\d{4}(-\\d\\d){5}\\.db$`));

  expect(petNames(db)).toEqual(petNames(monday));
  expect(petNames(safety)).toEqual(before);
  // The server reads the restored shop at its next request, without a restart.
  const pets = await fetch(`${server.url}/pets?limit=100`, { headers: { authorization: 'Bearer cli-restore-secret-token' } });
  expect(pets.status).toBe(200);
  expect(((await pets.json()) as { name: string }[]).map((pet) => pet.name)).toEqual(petNames(monday));
});

test('restore refuses what is not a usable backup, a missing database and a missing --from, changing nothing', async () => {
  const before = petNames(db);
  const junk = join(dir, 'junk.db');
  writeFileSync(junk, 'not a database');

  const notBackup = await petstore(['restore', '--from', junk, '--db', db]);
  expect(notBackup.code).toBe(1);
  expect(notBackup.stderr).toBe(`VALIDATION_FAILED: ${junk} cannot be restored: not a Pet Store Clerk database\n  file: Not a usable backup\n`);
  const missing = await petstore(['restore', '--from', join(dir, 'nowhere.db'), '--db', db]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toBe(`NOT_FOUND: There is no file ${join(dir, 'nowhere.db')}\n`);
  const noStore = await petstore(['restore', '--from', monday, '--db', join(dir, 'typo.db')]);
  expect(noStore.code).toBe(1);
  expect(noStore.stderr).toMatch(/^No database at .*typo\.db: this command does not create one/);
  expect(existsSync(join(dir, 'typo.db'))).toBe(false);
  const usage = await petstore(['restore', '--db', db]);
  expect(usage.code).toBe(2);
  expect(usage.stderr).toMatch(/^restore needs --from FILE\n\npetstore restore --from FILE \[--db FILE\]/);

  expect(petNames(db)).toEqual(before);
  expect(existsSync(join(dir, 'backups')), 'no safety copy was needed').toBe(false);
});
