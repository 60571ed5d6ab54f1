/**
 * Asking `petstore` for help and getting its arguments wrong (run in this process): help is an
 * answer (stdout, exit 0), a usage mistake is an error (stderr, exit 2), and neither opens or
 * creates a database.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { tempDir } from '../helpers/temp-store';
import { petstore } from '../helpers/cli-in-process';

let dir: string;
let cleanup: () => void;
let db: string;

beforeEach(() => {
  ({ dir, cleanup } = tempDir('petstore-cli-usage-'));
  db = join(dir, 'store.db');
});
afterEach(() => cleanup());

test('--help or -h after any command prints that command’s usage on stdout and exits 0', async () => {
  const asks = [
    ['serve', '--help'],
    ['serve', '--db', db, '-h'],
    ['token', '--help', '--db', db],
    ['token', 'list', '--db', db, '--help'],
    ['token', 'revoke', '-h'],
    ['seed', '--help'],
    ['backup', '--help'],
    ['restore', '--help'],
    ['export', '-h'],
    ['import', '--help'],
  ];
  const results = await Promise.all(asks.map((args) => petstore(args)));
  results.forEach((result, i) => {
    const [command] = asks[i];
    expect(result.code, `${asks[i].join(' ')}: ${result.stderr}`).toBe(0);
    expect(result.stdout).toContain(`petstore ${command} `);
    expect(result.stdout).not.toMatch(/Usage: petstore <command>/); // that command's, not all of it
    expect(result.stderr).toBe('');
  });
  expect(readdirSync(dir)).toEqual([]);
});

test('help prints every command on stdout (exit 0) and says which commands create a database', async () => {
  const result = await petstore(['help']);
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(/^Usage: petstore <command>/);
  for (const command of ['serve', 'token create', 'token list', 'token revoke', 'seed', 'backup', 'restore', 'export', 'import']) {
    expect(result.stdout).toContain(`petstore ${command}`);
  }
  expect(result.stdout).toMatch(/seed, import, token create and serve create it/);

  const topic = await petstore(['help', 'export']);
  expect(topic.code).toBe(0);
  expect(topic.stdout).toMatch(/^petstore export /);

  // Help on a command that does not exist is a usage mistake, as the command itself would be.
  const unknown = await petstore(['help', 'exprot']);
  expect(unknown.code).toBe(2);
  expect(unknown.stdout).toBe('');
  expect(unknown.stderr).toMatch(/^Unknown command "exprot"\./);
});

test('petstore with no command is a usage error: usage on stderr, exit 2', async () => {
  const result = await petstore([]);
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/^Usage: petstore <command>/);
});

test('serve refuses a guessable or unsendable PETSTORE_API_TOKEN (short, with spaces, not ASCII) before opening anything (exit 2)', async () => {
  // Also one a client can never send: its UTF-8 header would be read as other characters.
  for (const token of ['secret', 'fifteen-chars-x', 'sixteen chars ok', 'pässwörd-secret-12345']) {
    const result = await petstore(['serve', '--db', db, '--port', '0'], { env: { PETSTORE_API_TOKEN: token } });
    expect(result.code, token).toBe(2);
    expect(result.stderr.trim(), token).toBe(
      'PETSTORE_API_TOKEN must be at least 16 ASCII letters, digits or punctuation marks, no spaces (try: openssl rand -hex 24)',
    );
  }
  expect(readdirSync(dir)).toEqual([]);
});

test('token revoke without an id, or with one that is not a number, says so (exit 2), opening nothing', async () => {
  const missing = await petstore(['token', 'revoke', '--db', db]);
  expect(missing.code).toBe(2);
  expect(missing.stderr.trim()).toBe('token revoke needs a token id (see `petstore token list`)');

  const word = await petstore(['token', 'revoke', 'abc', '--db', db]);
  expect(word.code).toBe(2);
  expect(word.stderr.trim()).toBe('"abc" is not a token id (see `petstore token list`)');

  const unknownAction = await petstore(['token', 'frobnicate', '--db', db]);
  expect(unknownAction.code).toBe(2);
  expect(readdirSync(dir)).toEqual([]);
});

test('a word beyond what a command takes is a usage error (exit 2) that changes nothing: not the first revoked and the second forgotten', async () => {
  const created = await petstore(['token', 'create', '--scope', 'read', '--db', db, '--json']);
  expect(created.code, created.stderr).toBe(0);
  const cases: [string[], string][] = [
    [['token', 'revoke', '1', '2'], "Unexpected argument '2'. token revoke takes one token id: run it once for each"],
    [['token', 'create', 'extra', '--scope', 'read'], "Unexpected argument 'extra'. token create does not take positional arguments"],
    [['token', 'list', 'all'], "Unexpected argument 'all'. token list does not take positional arguments"],
    [['import', 'a.csv', 'b.csv'], "Unexpected argument 'b.csv'. import takes one file: run it once for each"],
  ];
  for (const [args, message] of cases) {
    const result = await petstore([...args, '--db', db]);
    expect(result.code, args.join(' ')).toBe(2);
    expect(result.stderr, args.join(' ')).toContain(message);
  }
  const listed = await petstore(['token', 'list', '--all', '--json', '--db', db]);
  expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ id: 1, revokedAt: null })]);
});
