/** The one reader of a SQLite file's header (src-main/db/file-header.ts): the store's open and the CLI's checks use it. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { headerUserVersion } from '../../src-main/db/file-header';
import { openDatabase } from '../../src-main/db/connection';
import { LATEST_SCHEMA_VERSION } from '../../src-main/db/migrations/index';
import { tempDir } from '../helpers/temp-store';

const { dir, cleanup } = tempDir('petstore-header-');
afterAll(cleanup);

test("a store's header holds its schema version, read without SQLite", () => {
  const file = join(dir, 'shop.db');
  openDatabase(file).close();
  expect(headerUserVersion(file)).toBe(LATEST_SCHEMA_VERSION);
});

test('a file that is not a whole SQLite header has none', () => {
  const text = join(dir, 'notes.txt');
  writeFileSync(text, 'x'.repeat(200));
  expect(headerUserVersion(text)).toBeUndefined();
  const cut = join(dir, 'cut.db');
  writeFileSync(cut, 'SQLite format 3\0 and no more');
  expect(headerUserVersion(cut)).toBeUndefined();
});
