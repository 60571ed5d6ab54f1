/**
 * Another connection's commits (another process: the CLI beside the app or the server) are seen
 * through SQLite's data_version, read at most once per window; this connection's own are not in it.
 */
import Database from 'better-sqlite3';
import { afterEach, expect, test, vi } from 'vitest';
import { OTHER_WRITERS_WINDOW_MS, otherWritersVersion } from '../../src-main/db/other-writers';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
afterEach(() => {
  vi.useRealTimers();
  t?.close();
});

const commitFromAnotherConnection = (file: string) => {
  const other = new Database(file);
  other.prepare("INSERT INTO categories (name, name_folded) VALUES ('From elsewhere', 'from elsewhere')").run();
  other.close();
};

test('a commit by another connection moves the version for reads one window after it, not before', () => {
  vi.useFakeTimers({ toFake: ['performance'] });
  t = openTestStore();
  const before = otherWritersVersion(t.store.db);
  commitFromAnotherConnection(t.file);
  vi.advanceTimersByTime(OTHER_WRITERS_WINDOW_MS / 2);
  expect(otherWritersVersion(t.store.db)).toBe(before); // within the window: the read before stands
  vi.advanceTimersByTime(OTHER_WRITERS_WINDOW_MS / 2);
  expect(otherWritersVersion(t.store.db)).not.toBe(before);
});

test("this connection's own commits do not move it (they are tracked apart, at once)", () => {
  vi.useFakeTimers({ toFake: ['performance'] });
  t = openTestStore();
  const before = otherWritersVersion(t.store.db);
  t.ok('categories.create', { name: 'Dogs' });
  vi.advanceTimersByTime(OTHER_WRITERS_WINDOW_MS * 2);
  expect(otherWritersVersion(t.store.db)).toBe(before);
});
