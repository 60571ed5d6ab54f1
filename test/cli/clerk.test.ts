/**
 * `petstore clerk add|list|pin|role|leave` (in this process, a real database file): the owner at
 * the server's machine adds clerks with a PIN read from stdin, changes a PIN or role, marks one as
 * left, and gets back in when locked out. The service's rules hold here too (the last owner).
 */
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openStoreFile } from '../../src-main/host/open-store';
import { runForCaller } from '../../src-main/service/caller';
import { invokeOperation } from '../../src-main/service/invoke';
import { tempDir } from '../helpers/temp-store';
import { petstore } from '../helpers/cli-in-process';

let cleanup: () => void;
let db: string;

beforeEach(async () => {
  let dir: string;
  ({ dir, cleanup } = tempDir('petstore-cli-clerk-'));
  db = join(dir, 'store.db');
  expect((await petstore(['seed', '--db', db, '--pets', '1'])).code).toBe(0);
});
afterEach(() => cleanup());

/** Whether `pin` signs clerk `id` in at the server's desk. */
function signsIn(id: number, pin: string): boolean {
  const store = openStoreFile(db, 'must-exist');
  try {
    const result = runForCaller({ kind: 'till', till: null, session: null }, () => invokeOperation(store.handlers, 'sessions.start', { clerkId: id, pin }));
    return result.ok;
  } finally {
    store.close();
  }
}

test('add reads the PIN from stdin; list shows the clerks; pin, role and leave change them', async () => {
  const added = await petstore(['clerk', 'add', 'Olga', '--role', 'owner', '--db', db], { stdin: '1234\n' });
  expect(added.code, added.stderr).toBe(0);
  expect(added.stdout).toBe('Clerk 1 added: Olga (owner).\n');
  expect((await petstore(['clerk', 'add', 'Ben', '--db', db], { stdin: '5678' })).stdout).toBe('Clerk 2 added: Ben (clerk).\n');
  expect((await petstore(['settings', 'set', 'clerkLogins=true', '--db', db])).code).toBe(0);
  expect(signsIn(1, '1234')).toBe(true);

  expect((await petstore(['clerk', 'list', '--db', db])).stdout).toBe('   2  Ben (clerk)\n   1  Olga (owner)\n');
  const json = JSON.parse((await petstore(['clerk', 'list', '--json', '--db', db])).stdout);
  expect(json).toMatchObject([{ id: 2, name: 'Ben' }, { id: 1, name: 'Olga' }]);
  expect(JSON.stringify(json)).not.toMatch(/pin|scrypt/i);

  expect((await petstore(['clerk', 'pin', '1', '--db', db], { stdin: '4321\n' })).stdout).toBe('Clerk 1 (Olga) has a new PIN.\n');
  expect(signsIn(1, '1234')).toBe(false);
  expect(signsIn(1, '4321')).toBe(true);
  expect((await petstore(['clerk', 'role', '2', 'owner', '--db', db])).stdout).toBe('Clerk 2 is now Ben (owner).\n');
  expect((await petstore(['clerk', 'leave', '2', '--db', db])).stdout).toBe('Clerk 2 is now Ben (owner, left).\n');
  expect((await petstore(['clerk', 'list', '--all', '--db', db])).stdout).toBe('   2  Ben (owner, left)\n   1  Olga (owner)\n');
  expect(signsIn(2, '5678')).toBe(false);
});

test("the service's refusals come back as one line each: a taken name, a bad PIN, the last owner, an unknown clerk", async () => {
  await petstore(['clerk', 'add', 'Olga', '--role', 'owner', '--db', db], { stdin: '1234\n' });
  await petstore(['settings', 'set', 'clerkLogins=true', '--db', db]);
  const taken = await petstore(['clerk', 'add', 'olga', '--db', db], { stdin: '1234\n' });
  expect(taken).toMatchObject({ code: 1, stdout: '' });
  expect(taken.stderr).toMatch(/^VALIDATION_FAILED: .*\n {2}name: Another clerk is named "Olga"/);
  expect((await petstore(['clerk', 'add', 'Ben', '--db', db], { stdin: '12\n' })).stderr).toMatch(/pin: Must be 4 to 8 digits/);
  expect((await petstore(['clerk', 'add', 'Ben', '--db', db], { stdin: '' })).stderr).toMatch(/pin: Must be 4 to 8 digits/);
  expect((await petstore(['clerk', 'role', '1', 'clerk', '--db', db])).stderr).toMatch(/role: Olga is the last active owner/);
  expect((await petstore(['clerk', 'leave', '1', '--db', db])).stderr).toMatch(/active: Olga is the last active owner/);
  expect((await petstore(['clerk', 'leave', '9', '--db', db])).stderr).toMatch(/^NOT_FOUND: Clerk 9 does not exist/);
  // Locked out: logins off from here, as the usage says.
  expect((await petstore(['settings', 'set', 'clerkLogins=false', '--db', db])).code).toBe(0);
  expect((await petstore(['clerk', 'leave', '1', '--db', db])).code).toBe(0);
});

test('usage mistakes are exit code 2 before the database is opened', async () => {
  for (const args of [['clerk'], ['clerk', 'fire', '1'], ['clerk', 'add'], ['clerk', 'pin'], ['clerk', 'pin', 'x'], ['clerk', 'role', '1'], ['clerk', 'role', '1', 'boss'], ['clerk', 'leave', '1', '2'], ['clerk', 'add', 'A', '--role', 'boss']]) {
    const result = await petstore([...args, '--db', join(db, 'nowhere.db')]);
    expect(result.code, args.join(' ')).toBe(2);
  }
  expect((await petstore(['clerk', '--help'])).stdout).toMatch(/^petstore clerk add NAME/);
});
