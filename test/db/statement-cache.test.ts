import { afterEach, expect, test } from 'vitest';
import { join } from 'node:path';
import { openDatabase, type Db } from '../../src-main/db/connection';
import { MAX_KEPT_STATEMENTS, statementCache } from '../../src-main/db/repositories/statement-cache';
import { tempDir } from '../helpers/temp-store';

let db: Db | undefined;
let cleanup = () => {};
afterEach(() => {
  db?.close();
  cleanup();
});

test('the statement cache reuses a prepared statement, and starts over once it holds its maximum', () => {
  const temp = tempDir();
  cleanup = temp.cleanup;
  db = openDatabase(join(temp.dir, 'store.db'));
  const prepare = statementCache(db);
  const first = prepare('SELECT 0 AS n');
  expect(prepare('SELECT 0 AS n')).toBe(first);
  for (let n = 1; n < MAX_KEPT_STATEMENTS; n++) expect((prepare(`SELECT ${n} AS n`).get() as { n: number }).n).toBe(n);
  expect(prepare('SELECT 0 AS n')).toBe(first); // still kept: exactly the maximum so far
  prepare(`SELECT ${MAX_KEPT_STATEMENTS} AS n`); // one more: the cache started over
  const again = prepare('SELECT 0 AS n');
  expect(again).not.toBe(first);
  expect((again.get() as { n: number }).n).toBe(0);
});
