/**
 * `petstore till pair` on PostgreSQL (in this process, a real database on the test cluster): with
 * --cert-dir, the folder every `petstore serve --cert-dir` of the shop presents its certificate
 * from, it prints a code and that certificate's fingerprint, and the code pairs a till at a server
 * of the shop. Without the folder, or with it where it does not apply, it refuses in one line.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { tillProof } from '../../src-main/service/pairing-proof';
import { petstore, servePetstore, stopAllPetstores } from '../helpers/cli-in-process';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';
import { tempDir } from '../helpers/temp-store';

describePostgres('petstore till pair on PostgreSQL', () => {
  const databases = freshPostgresDatabase({ migrated: true });
  let dir: string;
  let cleanup: () => void;
  beforeAll(() => {
    ({ dir, cleanup } = tempDir('petstore-till-pair-postgres-'));
  });
  afterEach(stopAllPetstores);
  afterAll(() => cleanup());

  test('with --cert-dir it prints a code and the folder’s fingerprint, and a server of the shop pairs a till with that code', async () => {
    const url = databases.url;
    const certificates = join(dir, 'certificate');
    mkdirSync(certificates, { mode: 0o700 });
    const shown = await petstore(['till', 'pair', '--db', url, '--cert-dir', certificates]);
    expect(shown.code, shown.stderr).toBe(0);
    const code = /^Pairing code: ([0-9A-Z]{5}-[0-9A-Z]{5}) /m.exec(shown.stdout)![1]!;
    const fingerprint = /^Certificate fingerprint \(SHA-256\): ([0-9A-F:]{95})$/m.exec(shown.stdout)![1]!;
    expect(shown.stderr).toMatch(/petstore serve/); // the saved settings serve this machine only: it says so
    // Made at first use in the folder, its key private, as serve makes it.
    expect(readdirSync(certificates).sort()).toEqual(['petstore.server-cert.pem', 'petstore.server-key.pem']);
    expect(statSync(join(certificates, 'petstore.server-key.pem')).mode & 0o077).toBe(0);

    // A server given the same folder presents that certificate: the till's proof over it pairs.
    const server = await servePetstore(url, {}, ['--cert-dir', certificates]);
    const pair = (name: string) =>
      fetch(`${server.origin}/v1/tills/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, proof: tillProof(code, fingerprint, name) }) });
    const paired = await pair('Counter 2');
    expect(paired.status).toBe(200);
    const { secret, till } = (await paired.json()) as { secret: string; till: { id: number; name: string } };
    expect(till.name).toBe('Counter 2');
    expect((await fetch(`${server.origin}/v1/pets?limit=1`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(200);
    expect((await pair('Counter 3')).status).toBe(403); // one till per code

    const json = await petstore(['till', 'pair', '--json', '--db', url, '--cert-dir', certificates]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ code: expect.stringMatching(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/), fingerprint });
    expect((await petstore(['till', 'list', '--db', url])).stdout).toMatch(/^ +1 {2}Counter 2 {2}\(paired /m);
  });

  test('without --cert-dir, with a folder that is not there, or with it where it does not apply: one line, exit 2, nothing made', async () => {
    const url = databases.url;
    const missing = join(dir, 'none');
    const without = await petstore(['till', 'pair', '--db', url]);
    expect(without).toMatchObject({ code: 2, stdout: '' });
    expect(without.stderr).toBe('till pair on PostgreSQL needs --cert-dir DIR: the folder of the shop certificate, the one `petstore serve --cert-dir` is given\n');
    expect(await petstore(['till', 'pair', '--db', url, '--cert-dir', missing])).toMatchObject({ code: 2, stderr: `--cert-dir: there is no folder ${missing}\n` });
    expect(await petstore(['till', 'list', '--db', url, '--cert-dir', dir])).toMatchObject({ code: 2, stderr: '--cert-dir is for till pair, not till list\n' });
    const onFile = await petstore(['till', 'pair', '--db', join(dir, 'shop.db'), '--cert-dir', dir]);
    expect(onFile).toMatchObject({ code: 2, stderr: '--cert-dir is for PostgreSQL: on a database file the certificate is kept beside it\n' });
    expect(readdirSync(dir).sort()).toEqual(['certificate']);
  });
});
