import { rmSync, statSync, type BigIntStats } from 'node:fs';
import { resolve } from 'node:path';

/** The files SQLite keeps for a database: the file itself and its write-ahead log, index and journal. */
const liveFilesOf = (databaseFile: string) => ['', '-wal', '-shm', '-journal'].map((suffix) => resolve(databaseFile) + suffix);

/**
 * What the file system says of `path`, or undefined when it says nothing: missing, a parent that is
 * a file, a folder this user may not enter. The caller's own open or write then says why, in its words.
 * File ids as bigints: NTFS ids go past 2^53, where two files' numbers could compare equal.
 */
export function statOf(path: string): BigIntStats | undefined {
  try {
    return statSync(path, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Whether writing `path` would overwrite the live database or one of SQLite's files beside it (by
 * name, or through another name for the same file: a link). Replacing the `-wal` file loses
 * committed work as surely as replacing the database.
 */
export function isLiveDatabaseFile(path: string, databaseFile: string): boolean {
  const target = resolve(path);
  const live = liveFilesOf(databaseFile);
  if (live.includes(target)) return true;
  const targetStat = statOf(target);
  if (!targetStat) return false;
  return live.some((file) => {
    const liveStat = statOf(file);
    return !!liveStat && liveStat.dev === targetStat.dev && liveStat.ino === targetStat.ino;
  });
}

/** Where a file is written until it is whole, then moved over `path` (a backup, a CLI export). */
export const partialFileOf = (path: string) => `${path}.partial-${process.pid}`;

/** Removes a leftover of ours if it is there; says whether it is gone (Windows refuses while a file is open). */
export function removeQuietly(path: string): boolean {
  try {
    rmSync(path, { force: true });
    return true;
  } catch {
    return false;
  }
}
