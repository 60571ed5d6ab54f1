/**
 * Version 9 (category tax rates; the shop's time zone): a store written at version 8 upgrades with
 * no rate invented for its categories, and its time zone pinned to the zone of the machine that
 * first opens it with this build, which later starts elsewhere (another TZ) do not change.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openDatabase } from '../../src-main/db/connection';
import { schemaVersion } from '../../src-main/db/migrate';
import { openStore, type Store } from '../../src-main/service/store';
import { invokeOperation } from '../../src-main/service/invoke';
import { machineTimeZone } from '../../src-shared/schemas/settings';
import { tempDir } from '../helpers/temp-store';
import { ROOT, fixture } from '../concurrency/support/child';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));

/** A store file at version 8 with two categories and one setting, as a clerk of that version had. */
function version8File(settings: Record<string, unknown> = {}): string {
  const { dir, cleanup } = tempDir('petstore-v9-');
  cleanups.push(cleanup);
  const file = join(dir, 'store.db');
  const db = openDatabase(file, { migrateUpTo: 8 });
  try {
    db.exec(`INSERT INTO categories (id, name, name_folded, name_sort, name_order, description) VALUES
      (1, 'Dogs', 'dogs', 'dogs', 'dogs', 'Good ones'), (2, 'Birds', 'birds', 'birds', 'birds', NULL)`);
    for (const [key, value] of Object.entries(settings)) db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(key, JSON.stringify(value));
  } finally {
    db.close();
  }
  return file;
}

function open(file: string): Store {
  const store = openStore(file);
  cleanups.push(() => store.close());
  return store;
}

function ok(store: Store, name: string, input: unknown = {}): any {
  const result = invokeOperation(store.handlers, name, input);
  if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result.error)}`);
  return result.data;
}

/** Opens (and so upgrades) the file in a process of its own whose machine time zone is `zone`. */
function openElsewhere(file: string, zone: string): void {
  const out = execFileSync(process.execPath, ['--import', 'tsx', fixture('db/fixtures/open-store.ts'), file], {
    cwd: ROOT,
    input: 'go\n',
    env: { ...process.env, TZ: zone },
    encoding: 'utf8',
  });
  expect(out).toContain('"ok":true');
}

test('categories keep no rate (none is invented) and take one from then on', () => {
  const store = open(version8File());
  expect(schemaVersion(store.db)).toBeGreaterThanOrEqual(9);
  expect(ok(store, 'categories.list').items).toEqual([
    { id: 2, name: 'Birds' },
    { id: 1, name: 'Dogs', description: 'Good ones' },
  ]);
  expect(ok(store, 'categories.update', { categoryId: 2, changes: { taxRate: 700 } })).toEqual({ id: 2, name: 'Birds', taxRate: 700 });
  expect(ok(store, 'settings.get')).toMatchObject({ currency: 'EUR', defaultTaxRate: 0, pricesIncludeTax: true });
});

test('the time zone is the one of the machine that first opened the file with this build, kept at later starts elsewhere', () => {
  const file = version8File();
  openElsewhere(file, 'Asia/Tokyo');
  openElsewhere(file, 'America/Denver'); // a later start on another machine changes nothing
  const store = open(file);
  expect(machineTimeZone()).not.toBe('Asia/Tokyo'); // this process's own zone is another
  expect(ok(store, 'settings.get').timeZone).toBe('Asia/Tokyo');
  expect(ok(store, 'events.list', { after: 0 })).toEqual([]); // pinned by the upgrade, not a change the owner made
});

test('a zone already stored is kept', () => {
  const store = open(version8File({ timeZone: 'Pacific/Auckland' }));
  expect(ok(store, 'settings.get').timeZone).toBe('Pacific/Auckland');
});
