/**
 * The `petstore` command line (`run(argv, io)` in this process; test/rest/launcher.test.ts and
 * test/cli/process.test.ts start the real program): API tokens (create/list/revoke) against a
 * running headless server on the same database, secrets shown once and stored only as hashes,
 * usage errors, and seeding.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ApiToken } from '../../src-shared/schemas/token';
import { tempDir } from '../helpers/temp-store';
import { petstore, servePetstore, stopAllPetstores, type ServingCli } from '../helpers/cli-in-process';

let dir: string;
let cleanup: () => void;
let file: string;

beforeEach(() => {
  ({ dir, cleanup } = tempDir('petstore-cli-'));
  file = join(dir, 'store.db');
});
afterEach(async () => {
  await stopAllPetstores();
  cleanup();
});

/** The headless server on `file`, with no preset token: only tokens from the database work. */
const serve = () => servePetstore(file);

const get = (server: ServingCli, secret: string, path = '/pets') =>
  fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${secret}` } });

async function createToken(scope: 'read' | 'write', label?: string) {
  const result = await petstore(['token', 'create', '--scope', scope, '--db', file, ...(label ? ['--label', label] : [])]);
  expect(result.code, result.stderr).toBe(0);
  return { secret: result.stdout.trim(), result };
}

async function listTokens(all = false) {
  const result = await petstore(['token', 'list', '--db', file, '--json', ...(all ? ['--all'] : [])]);
  expect(result.code, result.stderr).toBe(0);
  return ApiToken.array().parse(JSON.parse(result.stdout));
}

describe('petstore token', () => {
  test('create prints only the secret on stdout and the "not shown again" note on stderr', async () => {
    const { secret, result } = await createToken('write', 'web shop sync');
    expect(result.stdout).toMatch(/^psk_[A-Za-z0-9_-]{43}\n$/);
    expect(result.stderr).toMatch(/not shown again/i);
    expect(result.stderr).toMatch(/write/);
    expect(result.stderr).toContain('web shop sync');
    expect(result.stderr).not.toContain(secret);

    // Every token is new.
    const other = await createToken('write');
    expect(other.secret).not.toBe(secret);
  });

  test('a token created while the server runs works at once; one created before it starts works too', async () => {
    const before = await createToken('write');
    const server = await serve();
    // (created before the server opened the database)
    expect((await get(server, before.secret)).status).toBe(200);
    expect((await get(server, 'psk_made-up')).status).toBe(401);

    const during = await createToken('write');
    const list = await get(server, during.secret);
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([]);
    const created = await fetch(`${server.url}/categories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${during.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Made with a CLI token' }),
    });
    expect(created.status).toBe(201);
  });

  test('a read-scoped token reads but may not write (403)', async () => {
    const { secret } = await createToken('read');
    const server = await serve();
    expect((await get(server, secret)).status).toBe(200);
    const write = await fetch(`${server.url}/categories`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nope' }),
    });
    expect(write.status).toBe(403);
    expect(await write.json()).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });

  test('list shows id, scope, prefix and label, never the secret; --json parses', async () => {
    const [write, read] = await Promise.all([createToken('write', 'label printer'), createToken('read', 'dashboard')]);

    const text = await petstore(['token', 'list', '--db', file]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(write.secret.slice(0, 10));
    expect(text.stdout).toContain(read.secret.slice(0, 10));
    expect(text.stdout).toMatch(/\bwrite\b.*label printer/);
    expect(text.stdout).toMatch(/\bread\b.*dashboard/);
    for (const secret of [write.secret, read.secret]) {
      expect(text.stdout).not.toContain(secret);
      expect(text.stdout).not.toContain(secret.slice(10)); // not even the part after the prefix
    }

    const tokens = await listTokens();
    expect(tokens.map((token) => [token.scope, token.label])).toEqual(
      expect.arrayContaining([
        ['write', 'label printer'],
        ['read', 'dashboard'],
      ]),
    );
    const json = JSON.stringify(tokens);
    expect(json).not.toContain(write.secret);
    expect(json).not.toContain(read.secret);
    for (const token of tokens) {
      expect(Object.keys(token).sort()).toEqual(['createdAt', 'id', 'label', 'lastUsedAt', 'prefix', 'revokedAt', 'scope']);
      expect([write.secret, read.secret].some((secret) => secret.startsWith(token.prefix))).toBe(true);
    }

    const created = await petstore(['token', 'create', '--scope', 'read', '--db', file, '--json']);
    expect(created.code).toBe(0);
    const parsed = JSON.parse(created.stdout);
    expect(ApiToken.extend({ secret: ApiToken.shape.label }).safeParse(parsed).success).toBe(true);
    expect(parsed.secret).toMatch(/^psk_/);
    expect(parsed.secret.startsWith(parsed.prefix)).toBe(true);
  });

  test('revoke makes a running server answer 401 at once, and list hides the token unless --all', async () => {
    const [keep, gone, server] = await Promise.all([createToken('write', 'keep'), createToken('write', 'gone'), serve()]);
    expect((await get(server, gone.secret)).status).toBe(200);

    const id = (await listTokens()).find((token) => token.label === 'gone')!.id;
    const revoked = await petstore(['token', 'revoke', String(id), '--db', file]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toMatch(new RegExp(`Token ${id} revoked`));

    // No waiting: the very next request is refused (the server re-reads tokens when data_version changes).
    const refused = await get(server, gone.secret);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await refused.json()).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect((await get(server, keep.secret)).status).toBe(200);

    expect((await listTokens()).map((token) => token.label)).toEqual(['keep']);
    const all = await listTokens(true);
    expect(all.find((token) => token.id === id)?.revokedAt).toEqual(expect.any(String));
    const text = await petstore(['token', 'list', '--all', '--db', file]);
    expect(text.stdout).toMatch(/revoked/);

    // Again: harmless (exit 0), and it says the token was revoked before, when.
    const again = await petstore(['token', 'revoke', String(id), '--db', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trim()).toBe(`Token ${id} was already revoked (${all.find((token) => token.id === id)!.revokedAt}).`);
  });

  test('revoking a token that does not exist fails with a message, changing nothing', async () => {
    await createToken('write');
    const result = await petstore(['token', 'revoke', '999', '--db', file]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/NOT_FOUND|does not exist/);
    expect(await listTokens()).toHaveLength(1);
  });

  test('the database keeps only hashes: no column of api_tokens holds a secret', async () => {
    const secrets = (await Promise.all([createToken('write'), createToken('read')])).map((created) => created.secret);
    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare('SELECT * FROM api_tokens').all() as Record<string, unknown>[];
      expect(rows).toHaveLength(2);
      const dump = JSON.stringify(rows);
      for (const secret of secrets) {
        expect(dump).not.toContain(secret);
        expect(dump).not.toContain(secret.slice(10));
        const hash = createHash('sha256').update(secret).digest('hex');
        expect(rows.some((row) => row.hash === hash)).toBe(true);
      }
      // Nor anywhere else in the file's tables.
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
      for (const { name } of tables) {
        const all = JSON.stringify(db.prepare(`SELECT * FROM "${name}"`).all());
        for (const secret of secrets) expect(all, `table ${name}`).not.toContain(secret.slice(4));
      }
    } finally {
      db.close();
    }
  });
});

describe('usage errors', () => {
  test('token create without --scope exits 2 with usage, creating nothing', async () => {
    const result = await petstore(['token', 'create', '--db', file]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--scope read/);
    expect(result.stdout).toBe('');
    expect(existsSync(file), 'no database was created').toBe(false);
  });

  test('token create with a scope that does not exist fails, creating nothing', async () => {
    const result = await petstore(['token', 'create', '--scope', 'admin', '--db', file]);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/scope/);
    expect(result.stdout).toBe('');
    expect(existsSync(file), 'the database it would have created is not left behind').toBe(false);
  });

  test('an unknown command, sub-command or option exits 2 with usage on stderr', async () => {
    const [unknown, sub, option] = await Promise.all([
      petstore(['frobnicate']),
      petstore(['token', 'frobnicate', '--db', file]),
      petstore(['token', 'list', '--db', file, '--bogus']),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown command "frobnicate"/);
    expect(unknown.stderr).toMatch(/Usage: petstore/);

    expect(sub.code).toBe(2);
    expect(sub.stderr).toMatch(/petstore token create/);

    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/bogus/);
  });

  test('help prints usage on stdout and exits 0', async () => {
    const result = await petstore(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Usage: petstore/);
    expect(result.stdout).toMatch(/serve/);
    expect(result.stdout).toMatch(/token/);
    expect(result.stdout).toMatch(/seed/);
  });
});

describe('petstore seed', () => {
  test('seeds an empty database, and refuses to seed it again', async () => {
    const first = await petstore(['seed', '--db', file, '--pets', '1000']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/Seeded 10 categories and 1000 pets/);

    const count = () => {
      const db = new Database(file, { readonly: true });
      try {
        return {
          pets: (db.prepare('SELECT count(*) AS n FROM pets').get() as { n: number }).n,
          categories: (db.prepare('SELECT count(*) AS n FROM categories').get() as { n: number }).n,
          inventory: (db.prepare('SELECT count(*) AS n FROM inventory').get() as { n: number }).n,
        };
      } finally {
        db.close();
      }
    };
    expect(count()).toEqual({ pets: 1000, categories: 10, inventory: 1000 });

    const again = await petstore(['seed', '--db', file, '--pets', '5']);
    expect(again.code).not.toBe(0);
    expect(again.stderr).toMatch(/already has pets/);
    expect(count()).toEqual({ pets: 1000, categories: 10, inventory: 1000 });

    // The seeded data is served.
    const { secret } = await createToken('read');
    const server = await serve();
    const page = await get(server, secret, '/pets?limit=1');
    expect(page.headers.get('x-total-count')).toBe('1000');
  });

  test('--pets must be a whole number in range (exit 2)', async () => {
    const values = ['-1', 'many', '1.5', '10000001'];
    const results = await Promise.all(values.map((pets) => petstore(['seed', '--db', file, '--pets', pets])));
    results.forEach((result, i) => {
      expect(result.code, values[i]).toBe(2);
      expect(result.stderr).toMatch(/--pets/);
    });
  });

  test('--categories sets how many categories the pets are spread over; out of range is exit 2', async () => {
    const seeded = await petstore(['seed', '--db', file, '--pets', '500', '--categories', '200']);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(seeded.stdout).toMatch(/Seeded 200 categories and 500 pets/);
    const db = new Database(file, { readonly: true });
    try {
      const perCategory = db.prepare('SELECT c.name, count(p.id) AS pets FROM categories c LEFT JOIN pets p ON p.category_id = c.id GROUP BY c.id ORDER BY c.id').all() as { name: string; pets: number }[];
      expect(perCategory).toHaveLength(200);
      expect(perCategory[0]).toEqual({ name: 'Dogs', pets: 3 }); // 500 over 200: the first hundred get 3
      expect(perCategory[199]).toEqual({ name: 'Category 200', pets: 2 });
    } finally {
      db.close();
    }
    const results = await Promise.all(['0', '10001', 'few'].map((categories) => petstore(['seed', '--db', `${file}-${categories}`, '--categories', categories])));
    for (const result of results) {
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--categories must be 1–10,000/);
    }
  });
});
