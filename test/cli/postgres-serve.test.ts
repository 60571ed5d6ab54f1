/**
 * `petstore serve` on PostgreSQL (in this process, a real database on the test cluster): it serves
 * the database the URL names, tokens and settings the CLI changes meanwhile apply at the next
 * requests (another process's change, heard by NOTIFY), and it stops cleanly; HTTPS takes the shop
 * certificate from --cert-dir (two servers of one shop present the same one) and says so when
 * it is missing; --cert-dir on a SQLite file is a usage error.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { petstore, servePetstore, startPetstore, stopAllPetstores } from '../helpers/cli-in-process';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';
import { tempDir } from '../helpers/temp-store';

/** Another process's change reaches a server by NOTIFY in well under a millisecond here; the margin is for a loaded CI machine. */
const HEARD_MS = 5_000;

describePostgres('petstore serve on PostgreSQL', () => {
  const databases = freshPostgresDatabase();
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ dir, cleanup } = tempDir('petstore-serve-postgres-'));
  });
  afterEach(stopAllPetstores);
  afterAll(() => cleanup());

  const tokenOf = async (url: string, scope: 'read' | 'write') => {
    const created = await petstore(['token', 'create', '--label', `${scope} test`, '--scope', scope, '--db', url, '--json']);
    expect(created.code, created.stderr).toBe(0);
    return JSON.parse(created.stdout) as { id: number; secret: string };
  };
  const get = (origin: string, path: string, secret: string) => fetch(origin + path, { headers: { authorization: `Bearer ${secret}` } });

  test('serves the database; a token revoked and a setting changed by the CLI apply at once; SIGTERM stops it', async () => {
    const url = databases.url;
    expect((await petstore(['seed', '--db', url, '--pets', '3'])).code).toBe(0);
    const { id, secret } = await tokenOf(url, 'read');
    const server = await servePetstore(url);
    expect(server.stdout).toMatch(/^Pet Store Clerk REST API listening on http:\/\/127\.0\.0\.1:\d+\/v1 {2}\(database postgres:\/\/[^ ]+\)$/m);

    const pets = await get(server.origin, '/v1/pets?limit=2', secret);
    expect(pets.status).toBe(200);
    expect(pets.headers.get('x-total-count')).toBe('3');
    expect(pets.headers.get('x-ratelimit-limit')).toBe('1200');

    expect((await petstore(['settings', 'set', 'rateLimitPerMinute=600', '--db', url])).code).toBe(0);
    await vi.waitFor(async () => expect((await get(server.origin, '/v1/pets', secret)).headers.get('x-ratelimit-limit')).toBe('600'), HEARD_MS);
    expect((await petstore(['token', 'revoke', String(id), '--db', url])).code).toBe(0);
    await vi.waitFor(async () => expect((await get(server.origin, '/v1/pets', secret)).status).toBe(401), HEARD_MS);

    // Without --cert-dir there is no certificate to pin: a till's pairing is refused, saying why.
    const pairing = await fetch(`${server.url}/tills/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Counter 2', proof: 'A'.repeat(43) }),
    });
    expect(pairing.status).toBe(403);
    expect(await pairing.json()).toMatchObject({ code: 'PAIRING_CODE_INVALID', message: expect.stringMatching(/no shop certificate.*--cert-dir/) });

    const stopped = await server.stop('SIGTERM');
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toMatch(/Stopped; database closed\.\n$/);
  });

  test('HTTPS takes the shop certificate from --cert-dir: made once, private, the same for a second server', async () => {
    const url = databases.url;
    const certificates = join(dir, 'certificate');
    const noFolder = await petstore(['serve', '--db', url, '--port', '0', '--https', '--cert-dir', certificates]);
    expect(noFolder).toMatchObject({ code: 2, stderr: `--cert-dir: there is no folder ${certificates}\n` });
    const withoutFolder = await petstore(['serve', '--db', url, '--port', '0', '--https']);
    expect(withoutFolder.code).toBe(1);
    expect(withoutFolder.stderr).toBe('HTTPS on PostgreSQL needs --cert-dir DIR: the folder of the shop certificate, the same for every server of the shop\n');

    mkdirSync(certificates, { mode: 0o700 });
    const first = startPetstore(['serve', '--db', url, '--port', '0', '--https', '--cert-dir', certificates]);
    const [, fingerprint] = await first.waitForOutput(/Certificate SHA-256 fingerprint: ([0-9A-F:]+)/);
    expect(first.stdout).toMatch(/listening on https:\/\/127\.0\.0\.1:\d+\/v1/);
    expect(readdirSync(certificates).sort()).toEqual(['petstore.server-cert.pem', 'petstore.server-key.pem']);
    expect(statSync(join(certificates, 'petstore.server-key.pem')).mode & 0o077).toBe(0);
    const second = startPetstore(['serve', '--db', url, '--port', '0', '--https', '--cert-dir', certificates]);
    await second.waitForOutput(/Certificate SHA-256 fingerprint: /);
    expect(second.stdout).toContain(`Certificate SHA-256 fingerprint: ${fingerprint}`);
  });

  test('--cert-dir on a SQLite file is a usage error', async () => {
    const result = await petstore(['serve', '--db', join(dir, 'shop.db'), '--port', '0', '--cert-dir', dir]);
    expect(result).toMatchObject({ code: 2, stdout: '' });
    expect(result.stderr).toBe('--cert-dir is for PostgreSQL: on a database file the certificate is kept beside it\n');
    expect(readdirSync(dir)).not.toContain('shop.db');
  });
});
