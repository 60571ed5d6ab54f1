/**
 * What the commands create is the owner's only, whatever the umask: the database (with its API
 * tokens) and its -wal and -shm, backups, the backups/ folder, a restore's safety copy and an
 * export written to a file (0600, folders 0700). SQLite and Node alone made them 0644 less the
 * umask: world-readable under the usual 022, which the commands here run under.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { tempDir } from '../helpers/temp-store';
import { petstore } from '../helpers/cli-in-process';

let dir: string;
let cleanup: () => void;
let umask: number;

beforeEach(() => {
  ({ dir, cleanup } = tempDir('petstore-cli-modes-'));
  umask = process.umask(0o022); // the commands run in this process
});
afterEach(() => {
  process.umask(umask);
  cleanup();
});

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

test.skipIf(process.platform === 'win32')('the database, backups, the backup folder, safety copies and exports are created 0600 (folders 0700)', async () => {
  const db = join(dir, 'shop.db');
  const run = async (args: string[]) => {
    const result = await petstore([...args, '--db', db]);
    expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    return result.stdout;
  };
  await run(['token', 'create', '--scope', 'read']); // a new database, with a token in it
  expect(modeOf(db)).toBe('600');
  const backup = join(dir, 'backups', 'monday.db');
  await run(['backup', '--to', backup]);
  const export_ = join(dir, 'pets.csv');
  await run(['export', '--out', export_]);
  const safety = /kept in (.+)\.\n$/.exec(await run(['restore', '--from', backup]))![1];
  expect({ backups: modeOf(join(dir, 'backups')), backup: modeOf(backup), export: modeOf(export_), safety: modeOf(safety), db: modeOf(db) }).toEqual({
    backups: '700',
    backup: '600',
    export: '600',
    safety: '600',
    db: '600',
  });
});
