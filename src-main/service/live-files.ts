import { statSync } from 'node:fs';
import { resolve } from 'node:path';

/** The files SQLite keeps for a database: the file itself and its write-ahead log, index and journal. */
const liveFilesOf = (databaseFile: string) => ['', '-wal', '-shm', '-journal'].map((suffix) => resolve(databaseFile) + suffix);

/**
 * Whether writing `path` would overwrite the live database or one of SQLite's files beside it (by
 * name, or through another name for the same file: a link). Replacing the `-wal` file loses
 * committed work as surely as replacing the database.
 */
export function isLiveDatabaseFile(path: string, databaseFile: string): boolean {
  const target = resolve(path);
  const live = liveFilesOf(databaseFile);
  if (live.includes(target)) return true;
  const targetStat = statSync(target, { throwIfNoEntry: false });
  if (!targetStat) return false;
  return live.some((file) => {
    const liveStat = statSync(file, { throwIfNoEntry: false });
    return !!liveStat && liveStat.dev === targetStat.dev && liveStat.ino === targetStat.ino;
  });
}
