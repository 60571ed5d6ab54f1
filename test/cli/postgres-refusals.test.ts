/**
 * What the CLI says when a PostgreSQL database will not do (in this process): one line naming the
 * database without its password, exit 1, no stack trace; the commands that work on a SQLite file
 * only (backup, restore) refuse, giving PostgreSQL's own tools; till pair asks for --cert-dir.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { postgresOpenFailure } from '../../src-main/host/open-any-store';
import { petstore } from '../helpers/cli-in-process';
import { databaseUrl, describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';
import { tempDir } from '../helpers/temp-store';

const PASSWORD = 'Sekr1t-pw';

/** `url` with a password in it: the test cluster trusts every local connection, so it is not needed, only never shown. */
function withPassword(url: string): { url: string; shown: string } {
  const parsed = new URL(url);
  parsed.password = PASSWORD;
  const shown = new URL(url);
  shown.password = '';
  return { url: parsed.toString(), shown: shown.toString() };
}

/** A refusal in one line that names `shown`, never the password; exit 1. */
function expectOneLine(result: { code: number; stdout: string; stderr: string }, shown: string): void {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr).toContain(shown);
  expect(result.stderr).not.toContain(PASSWORD);
  expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
}

describePostgres('a PostgreSQL database that will not do', () => {
  const databases = freshPostgresDatabase();

  test('a server that cannot be reached', async () => {
    const { url, shown } = withPassword('postgres://petstore@127.0.0.1:1/petstore');
    const result = await petstore(['settings', '--db', url]);
    expectOneLine(result, shown);
    expect(result.stderr).toMatch(/^Cannot reach the PostgreSQL server of postgres:\/\/petstore@127\.0\.0\.1:1\/petstore: .*ECONNREFUSED/);
  });

  // The test cluster trusts every local connection, so the server's own refusal is given here as pg gives it.
  test('a password the server refuses', () => {
    const { url, shown } = withPassword('postgres://petstore@db.example:5432/petstore');
    const refused = Object.assign(new Error(`password authentication failed for user "petstore"`), { code: '28P01' });
    expect(postgresOpenFailure(refused, url).message).toBe(`PostgreSQL refused the password for ${shown}.`);
  });

  test('a database that does not exist on the server', async () => {
    const { url, shown } = withPassword(databaseUrl('no_such_petstore'));
    const result = await petstore(['token', 'create', '--scope', 'read', '--db', url]);
    expectOneLine(result, shown);
    expect(result.stderr).toMatch(/^There is no database "no_such_petstore" on the PostgreSQL server of .*: create it first/);
  });

  test('a database a newer build wrote is refused, unchanged', async () => {
    const plain = await databases.another({ migrated: true });
    const client = new pg.Client({ connectionString: plain });
    await client.connect();
    try {
      await client.query('UPDATE schema_version SET version = 999');
      const { url, shown } = withPassword(plain);
      for (const args of [['settings'], ['seed'], ['token', 'create', '--scope', 'read']]) {
        const result = await petstore([...args, '--db', url]);
        expectOneLine(result, shown);
        expect(result.stderr).toMatch(/has schema version 999, but this build knows versions up to \d+/);
      }
      expect((await client.query('SELECT version FROM schema_version')).rows).toEqual([{ version: '999' }]);
    } finally {
      await client.end();
    }
  });

  test('a database with no store yet: the commands that do not create one refuse it, untouched', async () => {
    const { url, shown } = withPassword(databases.url);
    for (const args of [['settings'], ['token', 'revoke', '1'], ['clerk', 'list'], ['import', '-', '--dry-run']]) {
      const result = await petstore([...args, '--db', url], { stdin: 'name,category,status,stock\n' });
      expectOneLine(result, shown);
      expect(result.stderr).toMatch(/^No Pet Store data in .* yet: this command does not create it \(seed, import and token create do\)\.$/m);
    }
    const client = new pg.Client({ connectionString: databases.url });
    await client.connect();
    try {
      expect((await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.end();
    }
  });
});

// No server needed: these are refused before anything is opened.
describe('commands that work on a SQLite file only, for now', () => {
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ dir, cleanup } = tempDir('petstore-cli-postgres-refusals-'));
  });
  afterAll(() => cleanup());
  const { url, shown } = withPassword('postgres://shop@db.example:5432/petstore');

  test('backup gives the pg_dump command for this database, restore the pg_restore one; neither writes a file', async () => {
    const backup = await petstore(['backup', '--to', 'shop.dump', '--db', url], { cwd: dir });
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain(`  pg_dump --format=custom --file=${join(dir, 'shop.dump')} ${shown}\n`);
    expect(backup.stderr).toMatch(/^petstore backup works on a SQLite file; .* is a PostgreSQL database: back it up with PostgreSQL's own tools:$/m);
    expect(backup.stderr).not.toContain(PASSWORD);

    const restore = await petstore(['restore', '--from', 'shop.dump'], { cwd: dir, env: { PETSTORE_DB: url } });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`  pg_restore --clean --if-exists --no-owner --single-transaction --dbname=${shown} ${join(dir, 'shop.dump')}`);
    expect(restore.stderr).not.toContain(PASSWORD);
    expect(readdirSync(dir)).toEqual([]);
  });

  test("every command's help says once where the database is named: --db, else PETSTORE_DB, else ./petstore.db", async () => {
    for (const command of ['serve', 'token', 'till', 'clerk', 'settings', 'seed', 'backup', 'restore', 'export', 'import']) {
      const help = await petstore([command, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout.match(/without --db, PETSTORE_DB names it, else \.\/petstore\.db/g), command).toHaveLength(1);
      expect(help.stdout, command).toContain('postgres://user@host:port/name');
    }
    expect((await petstore(['help'])).stdout.match(/PETSTORE_DB/g)).toHaveLength(1);
  });

  test('till pair without the certificate folder refuses in one line, before the database is reached', async () => {
    const pair = await petstore(['till', 'pair', '--db', url], { cwd: dir });
    expect(pair).toMatchObject({ code: 2, stdout: '' });
    expect(pair.stderr).toMatch(/^till pair on PostgreSQL needs --cert-dir DIR: .*\n$/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
