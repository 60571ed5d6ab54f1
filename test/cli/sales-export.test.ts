/**
 * `petstore export --resource sales`: the sales CSV through the CLI's export command, to stdout or
 * a file, read-only on the database, as the other CSV exports.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { openStore } from '../../src-main/service/store';
import { invokeOperation } from '../../src-main/service/invoke';
import { SALES_CSV_COLUMNS } from '../../src-main/service/sales-csv';
import { petstore } from '../helpers/cli-in-process';
import { tempDir } from '../helpers/temp-store';

let dir: string;
let cleanup: () => void;
let db: string;

beforeEach(() => {
  ({ dir, cleanup } = tempDir('petstore-cli-sales-'));
  db = join(dir, 'store.db');
  const store = openStore(db);
  try {
    const ok = (name: string, input: unknown) => {
      const result = invokeOperation(store.handlers, name as never, input);
      if (!result.ok) throw new Error(JSON.stringify(result.error));
      return result.data as { id: number };
    };
    const dogs = ok('categories.create', { name: 'Dogs', taxRate: 1900 });
    const rex = ok('pets.create', { name: 'Rex', categoryId: dogs.id, price: 12999 });
    const bone = ok('pets.create', { name: 'Bone', categoryId: dogs.id, price: 250 });
    ok('inventory.set', { petId: bone.id, update: { quantity: 10 } });
    ok('sales.create', { lines: [{ petId: rex.id }, { petId: bone.id, quantity: 4 }], payments: [{ method: 'cash', amount: 14000 }] });
  } finally {
    store.close();
  }
});
afterEach(() => cleanup());

test('export --resource sales prints one row per sale line, or writes it to a file', async () => {
  const printed = await petstore(['export', '--db', db, '--resource', 'sales']);
  expect(printed.code, printed.stderr).toBe(0);
  const lines = printed.stdout.split('\r\n');
  expect(lines[0]).toBe(SALES_CSV_COLUMNS.join(','));
  expect(lines.slice(1, 3).map((line) => line.split(',').slice(5, 10))).toEqual([
    ['1', 'Rex', 'Dogs', '1', '129.99'],
    ['2', 'Bone', 'Dogs', '4', '2.50'],
  ]);
  expect(lines.slice(3)).toEqual(['']);

  const out = join(dir, 'sales.csv');
  const written = await petstore(['export', '--db', db, '--resource', 'sales', '--out', out]);
  expect(written).toMatchObject({ code: 0, stderr: `Exported 2 lines of 1 sale to ${out}.\n` });
  expect(readFileSync(out, 'utf8')).toBe(printed.stdout);
});

test('the sales CSV is a CSV resource: with --format json, --resource is refused as for the others', async () => {
  expect(await petstore(['export', '--db', db, '--format', 'json', '--resource', 'sales'])).toMatchObject({ code: 2, stderr: '--resource is for CSV; a JSON export holds the whole store\n' });
  expect((await petstore(['help', 'export'])).stdout).toContain('--resource pets|categories|orders|sales');
});
