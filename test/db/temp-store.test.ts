/**
 * Reads never need disk space: every connection keeps SQLite's sorts and temporary tables in memory
 * (temp_store = MEMORY), so a large sort on a full disk answers instead of failing with SQLITE_FULL.
 * The real case runs a child process whose temporary folder (SQLITE_TMPDIR) is a full 8 MiB tmpfs,
 * which only root may mount (CI runs as root); elsewhere that test is skipped and says why.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { openDatabase, openLike } from '../../src-main/db/connection';
import { fixture } from '../concurrency/support/child';
import { canMountTmpfs, fillUp, mountTmpfs } from '../helpers/full-disk';
import { tempDir } from '../helpers/temp-store';

const MEMORY = 2; // PRAGMA temp_store: 0 the build's default (a file), 1 FILE, 2 MEMORY
const { dir, cleanup } = tempDir('petstore-temp-store-');
afterAll(cleanup);

test('every connection to the store keeps its temporary data in memory', () => {
  const db = openDatabase(join(dir, 'shop.db'));
  const reader = openLike(db, db.name, { readonly: true, fileMustExist: true });
  try {
    expect(db.pragma('temp_store', { simple: true })).toBe(MEMORY);
    expect(reader.pragma('temp_store', { simple: true })).toBe(MEMORY);
  } finally {
    reader.close();
    db.close();
  }
});

if (!canMountTmpfs) console.log('test/db/temp-store.test.ts: the full-disk read is skipped: mounting a small tmpfs needs root (CI runs it as root)');

describe.skipIf(!canMountTmpfs)('a large sort with the temporary folder on a full disk (8 MiB tmpfs)', () => {
  test('answers with every row', () => {
    const full = mountTmpfs();
    try {
      fillUp(full.dir);
      // A child of its own: SQLite reads SQLITE_TMPDIR once per process.
      const child = spawnSync(process.execPath, ['--import', 'tsx', fixture('db/fixtures/large-sort.ts'), join(dir, 'sorted.db')], {
        env: { ...process.env, SQLITE_TMPDIR: full.dir },
        encoding: 'utf8',
      });
      expect(child.status, child.stderr).toBe(0);
      expect(JSON.parse(child.stdout.trim())).toEqual({ ok: true, rows: 6000 });
    } finally {
      full.unmount();
    }
  });
});
