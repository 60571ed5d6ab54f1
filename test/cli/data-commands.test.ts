/**
 * `petstore backup`, `export` and `import` as a user runs them (in this process, on a real
 * database file): what they print, their exit codes, and what ends up in the database. Standard
 * input, a closed stdout and signals need a real process: process.test.ts, signals.test.ts.
 */
import Database from 'better-sqlite3';
import { lstatSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openStore } from '../../src-main/service/store';
import { MAX_IMPORT_CHARS, MAX_IMPORT_MIB } from '../../src-shared/schemas/data';
import { petstore, servePetstore, stopAllPetstores } from '../helpers/cli-in-process';
import { tempDir } from '../helpers/temp-store';

let dir: string;
let cleanup: () => void;
let db: string;

beforeEach(async () => {
  ({ dir, cleanup } = tempDir('petstore-cli-data-'));
  db = join(dir, 'store.db');
  const seeded = await petstore(['seed', '--db', db, '--pets', '30']);
  expect(seeded.code, seeded.stderr).toBe(0);
});
afterEach(async () => {
  await stopAllPetstores();
  cleanup();
});

const petNames = (file: string) => {
  const raw = new Database(file, { readonly: true });
  try {
    return raw.prepare('SELECT name FROM pets ORDER BY id').pluck().all() as string[];
  } finally {
    raw.close();
  }
};

test('backup copies the live database while a server is writing to it; the copy opens as a store', async () => {
  const server = await servePetstore(db, { PETSTORE_API_TOKEN: 'cli-data-secret-token' });
  const created = await fetch(`${server.url}/pets`, {
    method: 'POST',
    headers: { authorization: 'Bearer cli-data-secret-token', 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Written by the server', categoryId: 1 }),
  });
  expect(created.status).toBe(201);

  const target = join(dir, 'copy.db');
  const result = await petstore(['backup', '--db', db, '--to', target]);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toMatch(new RegExp(`Backed up to ${target} \\([\\d,]+ bytes\\)`));
  expect(petNames(target)).toHaveLength(31);
  expect(petNames(target).at(-1)).toBe('Written by the server');
  const copy = openStore(target);
  expect(copy.db.pragma('integrity_check', { simple: true })).toBe('ok');
  copy.close();

  // The same target again: refused, the earlier copy kept, until --replace says so.
  const before = statSync(target).mtimeMs;
  const again = await petstore(['backup', '--db', db, '--to', target]);
  expect(again.code).toBe(1);
  expect(again.stderr).toMatch(/^FILE_EXISTS: .*copy\.db exists already; replace it, or choose another file/);
  expect(statSync(target).mtimeMs).toBe(before);
  const replaced = await petstore(['backup', '--db', db, '--to', target, '--replace']);
  expect(replaced.code, replaced.stderr).toBe(0);
  expect(petNames(target)).toHaveLength(31);
});

test('backup without --to, or into a folder that does not exist, fails clearly and writes nothing', async () => {
  const usage = await petstore(['backup', '--db', db]);
  expect(usage.code).toBe(2);
  expect(usage.stderr).toMatch(/--to FILE/);
  const missing = await petstore(['backup', '--db', db, '--to', join(dir, 'no', 'such', 'folder', 'b.db')]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toMatch(/^VALIDATION_FAILED: The folder .* does not exist/);
});

test('export prints CSV of one table, or writes the whole store as JSON to a file', async () => {
  const csv = await petstore(['export', '--db', db, '--resource', 'categories']);
  expect(csv.code, csv.stderr).toBe(0);
  const lines = csv.stdout.trim().split(/\r?\n/); // RFC 4180 CSV: CRLF line ends
  expect(lines[0]).toBe('id,name,description,lowStockThreshold'); // the demo's dogs, cats, … are low at none left
  expect(lines).toHaveLength(11);

  const out = join(dir, 'store.json');
  const json = await petstore(['export', '--db', db, '--out', out]);
  expect(json.code, json.stderr).toBe(0);
  const document = JSON.parse(readFileSync(out, 'utf8')) as { pets: unknown[]; categories: unknown[] };
  expect(document.pets).toHaveLength(30);
  expect(document.categories).toHaveLength(10);
});

test('every export ends with a line break: CSV (even header-only), JSON, to stdout or a file', async () => {
  const empty = await petstore(['export', '--db', db, '--resource', 'orders']);
  expect(empty.code, empty.stderr).toBe(0);
  expect(empty.stdout).toBe('id,petId,petName,quantity,shipDate,complete\r\n');

  const pets = await petstore(['export', '--db', db]);
  expect(pets.stdout).toMatch(/[^\r\n]\r\n$/);

  const out = join(dir, 'store.json');
  expect((await petstore(['export', '--db', db, '--out', out])).code).toBe(0);
  expect(readFileSync(out, 'utf8')).toMatch(/}\n$/);
  const json = await petstore(['export', '--db', db, '--format', 'json']);
  expect(json.stdout).toMatch(/}\n$/);
});

test('import reports every bad row with its file line and name, imports the good ones, and exits 1 when rows were skipped', async () => {
  const file = join(dir, 'new.csv');
  writeFileSync(file, 'name,category,status,stock\nNewcomer,Dogs,available,3\n,Cats,available,1\n\nStray,Unicorns,available,1\n\u001b[2JWiper,Dogs,,\n');

  const dry = await petstore(['import', file, '--db', db, '--dry-run']);
  expect(dry.code).toBe(1);
  expect(dry.stdout).toMatch(/1 pet would be imported; skipped 3 invalid rows \(dry run: nothing written\)/);
  expect(dry.stderr).toContain(`${file}: line 3: name: `); // the header is line 1
  expect(dry.stderr).toContain(`${file}: line 5 (Stray): category: No category "Unicorns"`); // after a blank line
  // Text from the file never drives the terminal: an escape sequence is shown, not obeyed.
  expect(dry.stderr).toContain(`${file}: line 6 (\\u001b[2JWiper): name: Must not contain control characters`);
  expect(dry.stderr).not.toContain('\u001b');
  expect(petNames(db)).toHaveLength(30);

  // An old Mac file ends its lines with a lone \r: still counted as lines. Line and paragraph
  // separators and the Arabic letter mark (a direction mark) are shown as escapes too.
  const mac = join(dir, 'mac.csv');
  writeFileSync(mac, 'name,category,status,stock\rB1,Dogs,available,2\rB2,Nope,available,2\rAb\u061cCd\u2028,Dogs,,\r');
  const macDry = await petstore(['import', mac, '--db', db, '--dry-run']);
  expect(macDry.stderr).toContain(`${mac}: line 3 (B2): category: No category "Nope"`);
  expect(macDry.stderr).toContain(`${mac}: line 4 (Ab\\u061cCd\\u2028): name: `);
  expect(macDry.stderr).not.toMatch(/[\u061c\u2028]/);

  // For a script that fixes its file and runs again: with --all-or-nothing a bad row imports nothing.
  const strict = await petstore(['import', file, '--db', db, '--all-or-nothing']);
  expect(strict.code).toBe(1);
  expect(strict.stderr).toContain('3 rows are invalid; nothing was imported (--all-or-nothing).');
  expect(petNames(db)).toHaveLength(30);

  const real = await petstore(['import', file, '--db', db]);
  expect(real.code).toBe(1);
  expect(real.stdout).toMatch(/Imported 1 pet; skipped 3 invalid rows/);
  expect(petNames(db)).toHaveLength(31);
  expect(petNames(db).at(-1)).toBe('Newcomer');

  const clean = join(dir, 'clean.json');
  writeFileSync(clean, JSON.stringify([{ name: 'From JSON', category: 'Cats', status: 'pending' }]));
  const fromJson = await petstore(['import', clean, '--db', db]);
  expect(fromJson.code, fromJson.stderr).toBe(0);
  expect(fromJson.stdout).toMatch(/Imported 1 pet; skipped 0 invalid rows/);
  expect(petNames(db).at(-1)).toBe('From JSON');
});

test('a JSON export imports into a new database (categories too, orders said to stay out); again, it adds nothing', async () => {
  const out = join(dir, 'exp.json');
  const exported = await petstore(['export', '--db', db, '--format', 'json', '--out', out]);
  expect(exported.code, exported.stderr).toBe(0);
  expect(exported.stderr).toBe(`Exported 10 categories, 30 pets and 0 orders to ${out}.\n`);
  const document = JSON.parse(readFileSync(out, 'utf8')) as { orders: unknown[] };
  document.orders = [{ id: 1, petId: 1, quantity: 1, complete: true }];
  writeFileSync(out, JSON.stringify(document));

  const target = join(dir, 'new.db');
  const first = await petstore(['import', out, '--db', target]);
  expect(first.code, first.stderr).toBe(0);
  expect(first.stderr).toBe(`Note: no database at ${target}; a new, empty store was created there.\n`);
  expect(first.stdout).toContain(`${out}: The file's 1 order is not imported: an import adds pets and their categories only\n`);
  expect(first.stdout).toMatch(/Imported 30 pets; skipped 0 invalid rows; created 10 categories: Dogs, Cats, .*\.\n$/);
  expect(petNames(target)).toEqual(petNames(db));

  const dry = await petstore(['import', out, '--db', target, '--dry-run']);
  expect(dry.code, dry.stderr).toBe(0);
  expect(dry.stdout).toMatch(/0 pets would be imported; skipped 0 invalid rows; 30 pets already in the store \(same id and name\) left alone \(dry run: nothing written\)\./);
  const again = await petstore(['import', out, '--db', target]);
  expect(again.code, again.stderr).toBe(0);
  expect(again.stdout).toMatch(/Imported 0 pets; skipped 0 invalid rows; 30 pets already in the store/);
  expect(petNames(target)).toHaveLength(30);

  // The pets CSV export read back into its own store is recognised the same way.
  const csv = join(dir, 'pets.csv');
  expect((await petstore(['export', '--db', db, '--out', csv])).stderr).toBe(`Exported 30 pets to ${csv}.\n`);
  const same = await petstore(['import', csv, '--db', db]);
  expect(same.stdout).toMatch(/Imported 0 pets; skipped 0 invalid rows; 30 pets already in the store/);
  expect(petNames(db)).toHaveLength(30);
});

test('CSV exports import into a new database: the categories CSV first, then the pets CSV', async () => {
  const categories = join(dir, 'categories.csv');
  const pets = join(dir, 'pets.csv');
  expect((await petstore(['export', '--db', db, '--resource', 'categories', '--out', categories])).code).toBe(0);
  expect((await petstore(['export', '--db', db, '--out', pets])).code).toBe(0);

  const target = join(dir, 'new.db');
  const first = await petstore(['import', categories, '--db', target]);
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout).toMatch(/^Created 10 categories: Dogs, Cats, .*\.\n$/);
  const second = await petstore(['import', pets, '--db', target]);
  expect(second.code, second.stderr).toBe(0);
  expect(second.stdout).toBe('Imported 30 pets; skipped 0 invalid rows.\n');
  expect(petNames(target)).toEqual(petNames(db));

  const again = await petstore(['import', categories, '--db', target]);
  expect(again.code, again.stderr).toBe(0);
  expect(again.stdout).toBe(`${categories}: 10 categories are in the store already (same name): left as they are\nNothing to import.\n`);

  // Rows that are no category are skipped and said (exit 1); with --all-or-nothing nothing is created.
  const mixed = join(dir, 'mixed-categories.csv');
  writeFileSync(mixed, 'id,name,description\n1,Lizards,ok\n2,,empty name\n3,Snakes,a,b\n');
  const strict = await petstore(['import', mixed, '--db', target, '--all-or-nothing']);
  expect(strict.code).toBe(1);
  expect(strict.stderr).toContain('2 rows are invalid; nothing was imported (--all-or-nothing).');
  const lenient = await petstore(['import', mixed, '--db', target]);
  expect(lenient.code).toBe(1);
  expect(lenient.stdout).toContain(`${mixed}: The file's category 2 is not imported: line 3: name: Must not be empty\n`);
  expect(lenient.stdout).toMatch(/Created 1 category: Lizards; skipped 2 invalid rows\.\n$/);
});

test('categories\' tax rates travel through both exports into a new database; a price of 12.50 is told in cents', async () => {
  const rates = (file: string) => {
    const raw = new Database(file, { readonly: true });
    try {
      return raw.prepare('SELECT name, tax_rate AS taxRate FROM categories ORDER BY name').all();
    } finally {
      raw.close();
    }
  };
  const raw = new Database(db);
  raw.prepare('UPDATE categories SET tax_rate = ? WHERE id = ?').run(700, 1);
  raw.prepare('UPDATE categories SET tax_rate = ? WHERE id = ?').run(0, 2);
  raw.close();
  const csv = join(dir, 'categories.csv');
  const json = join(dir, 'store.json');
  expect((await petstore(['export', '--db', db, '--resource', 'categories', '--out', csv])).code).toBe(0);
  expect(readFileSync(csv, 'utf8')).toMatch(/^id,name,description,taxRate,lowStockThreshold\r\n1,[^\r]*,700,1\r\n2,[^\r]*,0,1\r\n/);
  expect((await petstore(['export', '--db', db, '--format', 'json', '--out', json])).code).toBe(0);
  for (const file of [csv, json]) {
    const target = join(dir, `from-${file.endsWith('.csv') ? 'csv' : 'json'}.db`);
    const imported = await petstore(['import', file, '--db', target, '--all-or-nothing']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(rates(target)).toEqual(rates(db));
  }

  const prices = join(dir, 'prices.csv');
  writeFileSync(prices, 'name,category,price\nRex,Dogs,12.50\n');
  const dry = await petstore(['import', prices, '--db', db, '--dry-run']);
  expect(dry.code).toBe(1);
  expect(dry.stderr).toContain(`${prices}: line 2 (Rex): price: Prices are whole numbers of the currency's minor unit (EUR has 2 decimals): 12.50 is 1250`);
});

test('import of a file that is not CSV or JSON at all writes nothing and says why', async () => {
  const file = join(dir, 'garbage.json');
  writeFileSync(file, '{not json');
  const result = await petstore(['import', file, '--db', db]);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/garbage\.json: /);
  expect(result.stderr).toMatch(/Nothing was imported/);
  expect(petNames(db)).toHaveLength(30);
  const missing = await petstore(['import', join(dir, 'absent.csv'), '--db', db]);
  expect(missing.code).toBe(1);
  expect(missing.stderr).toMatch(/Cannot read/);
});

test('export to a folder that does not exist says so in one line, without a stack trace', async () => {
  const out = join(dir, 'missing', 'pets.csv');
  const result = await petstore(['export', '--db', db, '--out', out]);
  expect(result.code).toBe(1);
  expect(result.stderr.trim()).toBe(`Cannot write ${out}: the folder ${join(dir, 'missing')} does not exist`);
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
});

test('export never writes over the database or its files, nor over an existing file unless --replace', async () => {
  const before = readFileSync(db);
  for (const out of [db, `${db}-wal`, `${db}-shm`]) {
    const result = await petstore(['export', '--db', db, '--format', 'json', '--out', out, '--replace']);
    expect(result.code, out).toBe(1);
    expect(result.stderr).toMatch(/is the database \(or one of its files\); choose another file/);
  }
  expect(readFileSync(db).equals(before)).toBe(true);
  expect(petNames(db)).toHaveLength(30);

  const out = join(dir, 'pets.csv');
  writeFileSync(out, 'an earlier export');
  const refused = await petstore(['export', '--db', db, '--out', out]);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/exists already; add --replace/);
  expect(readFileSync(out, 'utf8')).toBe('an earlier export');
  expect((await petstore(['export', '--db', db, '--out', out, '--replace'])).code).toBe(0);
  expect(readFileSync(out, 'utf8')).toMatch(/^id,name,category/);

  expect((await petstore(['export', '--db', db, '--out', dir])).stderr).toMatch(/is a folder; name a file in it/);
  expect(await petstore(['export', '--db', db, '--format', 'xml'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/--format must be csv or json/) });
  expect(await petstore(['export', '--db', db, '--format', 'json', '--resource', 'orders'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/--resource is for CSV/) });
  expect(await petstore(['export', '--db', db, '--resource', 'pet'])).toMatchObject({ code: 2, stderr: '--resource must be pets, categories, orders, sales, not "pet"\n' });
  expect(await petstore(['export', '--db', db, '--out', '/dev/null', '--replace'])).toMatchObject({ code: 1, stderr: expect.stringMatching(/is not a regular file/) });

  // A link is followed: the file it names gets the export, the link stays a link.
  const real = join(dir, 'real.csv');
  writeFileSync(real, 'old');
  const link = join(dir, 'link.csv');
  symlinkSync(real, link);
  expect((await petstore(['export', '--db', db, '--out', link, '--replace'])).code).toBe(0);
  expect(lstatSync(link).isSymbolicLink()).toBe(true);
  expect(readFileSync(real, 'utf8')).toMatch(/^id,name,category/);
});

test('an import file that is not UTF-8 is refused, not read with replacement characters', async () => {
  const file = join(dir, 'latin1.csv');
  writeFileSync(file, Buffer.concat([Buffer.from('name,category,status,stock\r\nM'), Buffer.from([0xfc]), Buffer.from('ller,Dogs,available,1\r\n')]));
  const result = await petstore(['import', file, '--db', db]);
  expect(result.code).toBe(1);
  expect(result.stderr).toBe(`${file} is not UTF-8 text: save it again as "CSV UTF-8" (or as JSON in UTF-8)\n`);
  expect(petNames(db)).toHaveLength(30);
});

test('an import file over the size limit is refused by its name, and --replace without --out is a usage error', async () => {
  const big = join(dir, 'huge.csv');
  writeFileSync(big, `name,category,status,stock\n${'x'.repeat(MAX_IMPORT_CHARS)}\n`);
  const refused = await petstore(['import', big, '--db', db]);
  expect(refused.code).toBe(1);
  expect(refused.stderr.trim()).toBe(`${big} is larger than ${MAX_IMPORT_MIB} MiB: split it into smaller files`);
  expect(petNames(db)).toHaveLength(30);

  const replace = await petstore(['export', '--replace', '--db', db]);
  expect(replace.code).toBe(2);
  expect(replace.stderr.trim()).toBe('--replace is for --out FILE; without --out the export is printed');
  expect(replace.stdout).toBe('');
});

test('an import from standard input says how to end it when a person types it at a terminal, and not when it is piped', async () => {
  const input = (name: string, isTTY: boolean) => Object.assign(Readable.from([Buffer.from(`name,category,status,stock\n${name},Dogs,available,1\n`)]), { isTTY });
  const typed = await petstore(['import', '-', '--db', db], { stdin: input('Typed', true) });
  expect(typed.code, typed.stderr).toBe(0);
  expect(typed.stderr).toBe('Reading the import from standard input; end it with Ctrl-D.\n');
  expect(typed.stdout).toBe('Imported 1 pet; skipped 0 invalid rows.\n');
  const piped = await petstore(['import', '-', '--db', db], { stdin: input('Piped', false) });
  expect(piped).toMatchObject({ code: 0, stderr: '', stdout: 'Imported 1 pet; skipped 0 invalid rows.\n' });
  expect(petNames(db).slice(-2)).toEqual(['Typed', 'Piped']);
});
