/**
 * The CLI on PostgreSQL (in this process, a real database on the test cluster): seed, settings,
 * clerk, token, till, export and import work on `--db postgres://…` as on a file, and PETSTORE_DB
 * picks the engine when --db does not.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src-shared/schemas/settings';
import { openPostgresStore } from '../../src-main/service/postgres-store';
import { tillProof } from '../../src-main/service/pairing-proof';
import { provideShopServer } from '../../src-main/service/shop-server';
import { petstore } from '../helpers/cli-in-process';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';
import { tempDir } from '../helpers/temp-store';

describePostgres('the CLI on PostgreSQL', () => {
  const databases = freshPostgresDatabase(); // empty: seed migrates it
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ dir, cleanup } = tempDir('petstore-cli-postgres-'));
  });
  afterAll(() => cleanup());

  const json = async (args: string[], options?: Parameters<typeof petstore>[1]) => {
    const result = await petstore([...args, '--json'], options);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as unknown;
  };

  test('seed, then settings, clerk, token, till, export and import, all on the database the URL names', async () => {
    const url = databases.url;
    const seeded = await petstore(['seed', '--db', url, '--pets', '3']);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(seeded.stdout).toMatch(/^Seeded 10 categories and 3 pets in \d+ ms\.$/m);
    expect(await petstore(['seed', '--db', url])).toMatchObject({ code: 1, stderr: 'The database already has pets; seed an empty one\n' });

    expect(await json(['settings', '--db', url])).toEqual(DEFAULT_SETTINGS);
    const set = await petstore(['settings', 'set', 'rateLimitPerMinute=600', '--db', url]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/^rateLimitPerMinute +600$/m);

    expect(await petstore(['clerk', 'add', 'Olga', '--role', 'owner', '--db', url], { stdin: '1234\n' })).toMatchObject({ code: 0, stdout: 'Clerk 1 added: Olga (owner).\n' });
    expect(await json(['clerk', 'list', '--db', url])).toEqual([expect.objectContaining({ id: 1, name: 'Olga', role: 'owner' })]);
    // The service's rules hold on PostgreSQL too, as one line.
    const taken = await petstore(['clerk', 'add', 'olga', '--db', url], { stdin: '1234\n' });
    expect(taken).toMatchObject({ code: 1, stdout: '' });
    expect(taken.stderr).toMatch(/^VALIDATION_FAILED: .*\n {2}name: Another clerk is named "Olga"/);

    const created = await petstore(['token', 'create', '--scope', 'read', '--label', 'reports', '--db', url]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toMatch(/^Token 1 \(read, "reports"\) created/);
    expect(await json(['token', 'list', '--db', url])).toEqual([expect.objectContaining({ id: 1, scope: 'read', label: 'reports' })]);
    expect(await petstore(['token', 'revoke', '1', '--db', url])).toMatchObject({ code: 0, stdout: 'Token 1 revoked.\n' });

    // A till paired through the service (pairing from the CLI comes with serve), then listed and revoked here.
    const store = await openPostgresStore(url);
    try {
      const fingerprint = Array.from({ length: 32 }, () => 'AB').join(':');
      provideShopServer(store.steps, { fingerprint: () => fingerprint });
      const { code } = await store.handlers['tills.pairingCode']({});
      await store.handlers['tills.pair']({ name: 'Counter 2', proof: tillProof(code, fingerprint, 'Counter 2') });
    } finally {
      await store.close();
    }
    expect((await petstore(['till', 'list', '--db', url])).stdout).toMatch(/^ +1 {2}Counter 2 {2}\(paired .+, last used never\)$/m);
    expect(await petstore(['till', 'revoke', '1', '--db', url])).toMatchObject({ code: 0, stdout: 'Till 1 (Counter 2) revoked.\n' });
    expect(await petstore(['till', 'list', '--db', url])).toMatchObject({ code: 0, stdout: 'No tills.\n' });

    const exported = await petstore(['export', '--format', 'csv', '--db', url]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.trim().split('\n')).toHaveLength(1 + 3);
    const imported = await petstore(['import', '-', '--format', 'csv', '--db', url], { stdin: 'name,category,status,stock\nNemo,Fish,available,4\n' });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^Imported 1 pet; skipped 0 invalid rows\.$/m);
    const whole = await petstore(['export', '--format', 'json', '--db', url]);
    expect(whole.code, whole.stderr).toBe(0);
    expect((JSON.parse(whole.stdout) as { pets: unknown[] }).pets).toHaveLength(4);
  });

  test('PETSTORE_DB names the database when --db does not, and --db wins over it', async () => {
    const url = await databases.another({ migrated: true });
    const viaEnvironment = await petstore(['settings', 'set', 'shopName=From the environment'], { env: { PETSTORE_DB: url }, cwd: dir });
    expect(viaEnvironment.code, viaEnvironment.stderr).toBe(0);
    expect(await json(['settings', '--db', url])).toMatchObject({ shopName: 'From the environment' });
    expect(existsSync(join(dir, 'petstore.db'))).toBe(false); // not the default file

    const file = join(dir, 'given.db');
    const viaFlag = await petstore(['token', 'create', '--scope', 'read', '--db', file], { env: { PETSTORE_DB: url }, cwd: dir });
    expect(viaFlag.code, viaFlag.stderr).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(await json(['token', 'list', '--db', url])).toEqual([]);

    // A file in PETSTORE_DB is SQLite's, as before.
    expect(await json(['token', 'list'], { env: { PETSTORE_DB: 'given.db' }, cwd: dir })).toEqual([expect.objectContaining({ id: 1 })]);
  });
});
