/**
 * `run(argv, io)` as a caller in another program's process uses it (the tests do): the exit code is
 * its answer, not the process's, and runs side by side keep to their own databases and streams.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { petstore, servePetstore, stopAllPetstores } from '../helpers/cli-in-process';
import { tempDir } from '../helpers/temp-store';

let dir: string;
let cleanup: () => void;

beforeEach(() => {
  ({ dir, cleanup } = tempDir('petstore-cli-run-'));
});
afterEach(async () => {
  await stopAllPetstores();
  cleanup();
});

test('a run that fails resolves with its exit code and leaves the process’s own exit code alone', async () => {
  const csv = join(dir, 'pets.csv');
  writeFileSync(csv, 'name,category,status,stock\nRex,Nowhere,available,1\n');
  const exitCode = process.exitCode;
  try {
    const skipped = await petstore(['import', csv, '--db', join(dir, 'store.db')]);
    expect(skipped.code, skipped.stderr).toBe(1);
    expect(await petstore(['token', 'revoke', 'x'])).toMatchObject({ code: 2 });
    expect(process.exitCode).toBe(exitCode);
  } finally {
    process.exitCode = exitCode;
  }
});

test('a run that fails removes the databases it created, not those of a run beside it', async () => {
  const served = join(dir, 'served.db');
  const server = await servePetstore(served);
  expect(server.stderr).toContain(`Note: no database at ${served}; a new, empty store was created there.`);

  // An import that creates its database and then imports nothing removes that one again.
  const csv = join(dir, 'pets.csv');
  writeFileSync(csv, 'name,category,status,stock\nRex,Nowhere,available,1\n');
  const refused = await petstore(['import', csv, '--db', join(dir, 'imported.db')]);
  expect(refused.code).toBe(1);
  expect(existsSync(join(dir, 'imported.db'))).toBe(false);

  expect(existsSync(served), 'the server’s new database is still there').toBe(true);
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
  expect(await server.stop()).toMatchObject({ code: 0, stdout: expect.stringMatching(/SIGTERM: finishing in-flight requests…\nStopped; database closed\.\n$/) });
});
