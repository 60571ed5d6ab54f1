/**
 * `petstore settings` as an owner runs it on a headless install (in this process, a real
 * database file): what it prints, its refusals and exit codes, and a running server applying a
 * change to the rate limit and the sunset date without a restart.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src-shared/schemas/settings';
import { openStore } from '../../src-main/service/store';
import { tempDir } from '../helpers/temp-store';
import { freePort } from '../helpers/ports';
import { petstore, servePetstore, startPetstore, stopAllPetstores } from '../helpers/cli-in-process';

let cleanup: () => void;
let db: string;

beforeEach(async () => {
  let dir: string;
  ({ dir, cleanup } = tempDir('petstore-cli-settings-'));
  db = join(dir, 'store.db');
  const seeded = await petstore(['seed', '--db', db, '--pets', '3']);
  expect(seeded.code, seeded.stderr).toBe(0);
});
afterEach(async () => {
  await stopAllPetstores();
  cleanup();
});

const current = async () => {
  const shown = await petstore(['settings', '--json', '--db', db]);
  expect(shown.code, shown.stderr).toBe(0);
  return JSON.parse(shown.stdout);
};

test('prints every setting, one per line, or as JSON', async () => {
  const shown = await petstore(['settings', '--db', db]);
  expect(shown.code, shown.stderr).toBe(0);
  expect(shown.stdout).toMatch(/^rateLimitPerMinute +1200$/m);
  expect(shown.stdout).toMatch(/^allowedOrigins +\(none\)$/m);
  expect(shown.stdout.trim().split('\n')).toHaveLength(Object.keys(DEFAULT_SETTINGS).length);
  expect(await current()).toEqual(DEFAULT_SETTINGS);
});

test('set takes KEY=VALUE pairs typed by the setting: numbers, dates, lists; prints the result', async () => {
  const set = await petstore(['settings', 'set', 'rateLimitPerMinute=600', 'sunsetDate=2027-01-31', 'allowedOrigins=http://localhost:3000,https://shop.example', '--db', db]);
  expect(set.code, set.stderr).toBe(0);
  expect(set.stdout).toMatch(/^rateLimitPerMinute +600$/m);
  expect(set.stderr).toBe('');
  const moved = await petstore(['settings', 'set', 'listenerPort=9999', '--db', db]);
  expect(moved.stderr).toBe('listenerPort: a running listener applies this when it next starts.\n');
  expect((await petstore(['settings', 'set', 'listenerPort=8787', '--db', db])).code).toBe(0);
  expect(await current()).toEqual({
    ...DEFAULT_SETTINGS,
    rateLimitPerMinute: 600,
    sunsetDate: '2027-01-31',
    allowedOrigins: ['http://localhost:3000', 'https://shop.example'],
  });
  expect((await petstore(['settings', 'set', 'allowedOrigins=', '--db', db])).code).toBe(0);
  expect((await current()).allowedOrigins).toEqual([]);
});

test('refuses bad values, unknown keys and a missing database, changing nothing', async () => {
  const cases: [string[], number, RegExp][] = [
    [['rateLimitPerMinute=fast'], 1, /VALIDATION_FAILED: .*rateLimitPerMinute: must be a whole number/],
    [['rateLimitPerMinute=0'], 1, /rateLimitPerMinute: Must be at least 1/],
    [['listenerPort=70000', 'shopName=Fine'], 1, /listenerPort: Must be at most 65,535/],
    [['sunsetDate=soon'], 1, /sunsetDate: /],
    [['colour=blue'], 1, /colour: Unknown field "colour"/],
    [['allowedOrigins=https://shop.example/'], 1, /allowedOrigins\.0: Leave out the trailing slash: https:\/\/shop\.example$/m],
    [['allowedOrigins=shop.example'], 1, /allowedOrigins\.0: Must be an origin such as http:\/\/localhost:3000/],
    [['noequals'], 2, /"noequals" is not KEY=VALUE/],
    [[], 2, /settings set needs at least one KEY=VALUE/],
  ];
  for (const [assignments, code, message] of cases) {
    const result = await petstore(['settings', 'set', ...assignments, '--db', db]);
    expect(result.code, assignments.join(' ')).toBe(code);
    expect(result.stderr, assignments.join(' ')).toMatch(message);
  }
  expect(await current()).toEqual(DEFAULT_SETTINGS);
  const missing = await petstore(['settings', '--db', join(db, '..', 'none.db')]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toMatch(/No database at/);
});

test('a running server applies a new rate limit and sunset date at once, without a restart', async () => {
  const server = await servePetstore(db, { PETSTORE_API_TOKEN: 'cli-settings-secret' });
  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization: 'Bearer cli-settings-secret' } });
  expect((await get('/pets/1')).status).toBe(200);

  const set = await petstore(['settings', 'set', 'rateLimitPerMinute=2', 'sunsetDate=2020-01-01', '--db', db]);
  expect(set.code, set.stderr).toBe(0);
  const gone = await get('/pets/1');
  expect(gone.status).toBe(410);
  expect(((await gone.json()) as { code: string }).code).toBe('OPERATION_SUNSET');
  expect(gone.headers.get('x-ratelimit-limit')).toBe('2');
  // The budget is now 2 in any minute, counting the requests already made in it: the first GET and
  // the 410 took both, so the next is refused.
  const limited = await get('/pets?limit=1');
  expect(limited.status).toBe(429);
  expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
});

test('a running server lets newly listed origins in at once, on the connections it has, without a restart', async () => {
  const server = await servePetstore(db, { PETSTORE_API_TOKEN: 'cli-settings-secret' });
  const grant = async () =>
    (await fetch(`${server.url}/pets`, { method: 'OPTIONS', headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' } })).headers.get(
      'access-control-allow-origin',
    );
  expect(await grant()).toBeNull();
  const set = await petstore(['settings', 'set', 'allowedOrigins=https://Shop.Example:443', '--db', db]);
  expect(set.code, set.stderr).toBe(0);
  expect(set.stdout).toMatch(/^allowedOrigins +https:\/\/shop\.example$/m);
  await expect.poll(grant, { timeout: 5_000 }).toBe('https://shop.example');
  expect(server.stdout.trim().split('\n')).toHaveLength(2); // "listening on" and "Reference": nothing restarted
  const answer = await fetch(`${server.url}/pets?limit=1`, { headers: { authorization: 'Bearer cli-settings-secret', origin: 'https://shop.example' } });
  expect(answer.status).toBe(200);
  expect(answer.headers.get('access-control-allow-origin')).toBe('https://shop.example');
});

test('serve listens where the settings say unless told otherwise: the saved port and address, then --port and --host', async () => {
  const saved = await freePort();
  expect((await petstore(['settings', 'set', `listenerPort=${saved}`, 'listenerHost=127.0.0.1', '--db', db])).code).toBe(0);
  const server = startPetstore(['serve', '--db', db], { env: { PETSTORE_API_TOKEN: 'cli-settings-secret' } });
  await server.waitForOutput(new RegExp(`listening on http://127\\.0\\.0\\.1:${saved}/v1 `));
  expect((await fetch(`http://127.0.0.1:${saved}/health`)).status).toBe(200);
  expect(await server.stop()).toMatchObject({ code: 0 });

  const given = startPetstore(['serve', '--db', db, '--port', '0', '--host', 'localhost'], { env: { PETSTORE_API_TOKEN: 'cli-settings-secret' } });
  const [, port] = await given.waitForOutput(/listening on http:\/\/localhost:(\d+)\/v1 /);
  expect(Number(port)).not.toBe(saved);
});

test('set is announced to other windows and integrators as one settings.updated naming the keys; setting a value again is not', async () => {
  for (const run of [1, 2]) {
    const set = await petstore(['settings', 'set', 'lowStockThreshold=5', 'shopName=Happy Paws', '--db', db]);
    expect(set.code, `run ${run}: ${set.stderr}`).toBe(0);
  }
  const store = openStore(db);
  try {
    const announced = store.handlers['events.list']({ after: 0, limit: 1000 }).filter((event) => event.type === 'settings.updated');
    expect(announced.map((event) => event.data)).toEqual([{ keys: ['shopName', 'lowStockThreshold'] }]);
  } finally {
    store.close();
  }
});

test('the money settings: set as typed and kept as the runtime spells them; a currency cannot change once amounts are stored', async () => {
  const { dir, cleanup: remove } = tempDir('petstore-cli-money-');
  const file = join(dir, 'shop.db');
  try {
    const store = openStore(file);
    store.close();
    const set = await petstore(['settings', 'set', 'currency=chf', 'defaultTaxRate=810', 'pricesIncludeTax=false', 'timeZone=europe/zurich', '--db', file]);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toMatch(/^currency +CHF$/m);
    expect(set.stdout).toMatch(/^defaultTaxRate +810$/m);
    expect(set.stdout).toMatch(/^pricesIncludeTax +false$/m);
    expect(set.stdout).toMatch(/^timeZone +Europe\/Zurich$/m);

    for (const [assignment, message] of [
      ['currency=XXX', /currency: Must be a current ISO 4217 currency code/],
      ['defaultTaxRate=19%', /defaultTaxRate: must be a whole number/i],
      ['timeZone=+01:00', /timeZone: Must be an IANA time zone name/],
    ] as const) {
      const refused = await petstore(['settings', 'set', assignment, '--db', file]);
      expect(refused.code, assignment).toBe(1);
      expect(refused.stderr, assignment).toMatch(message);
    }

    const priced = openStore(file);
    try {
      const category = priced.handlers['categories.create']({ name: 'Dogs' });
      priced.handlers['pets.create']({ name: 'Rex', categoryId: category.id, price: 120_000 } as never);
    } finally {
      priced.close();
    }
    const refused = await petstore(['settings', 'set', 'currency=EUR', '--db', file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^CURRENCY_IN_USE: The shop holds amounts in CHF already \(1 priced pet\): the currency cannot become EUR$/m);
    const shown = await petstore(['settings', '--json', '--db', file]);
    expect(JSON.parse(shown.stdout)).toMatchObject({ currency: 'CHF', defaultTaxRate: 810, pricesIncludeTax: false, timeZone: 'Europe/Zurich' });
  } finally {
    remove();
  }
});
