import { readdirSync, rmSync, statSync, type BigIntStats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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

/** Where backups go unless the clerk picks another place: beside the database. */
export const backupFolderBeside = (databaseFile: string) => join(dirname(resolve(databaseFile)), 'backups');

/** Where a file is written until it is whole, then moved over `path` (a backup, a CLI export). */
export const partialFileOf = (path: string) => `${path}.partial-${process.pid}`;

/** A partial file (or a partial backup's journal), and the process that was writing it. */
const PARTIAL = /\.partial-(\d+)(?:-journal)?$/;

/** Whether a process of that id exists (EPERM: it does, as another user's). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes from `folder` the leftovers `named` names (its first group the pid of the process that
 * made it) whose process no longer exists, if they are what `kind` says; returns their paths. A
 * running process's are left alone, and so is what cannot be removed. A missing or unreadable folder has none.
 */
export function removeDeadLeftovers(folder: string, named: RegExp, kind: 'file' | 'folder'): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  const dead = names.filter((name) => {
    const pid = Number(named.exec(name)?.[1] ?? 0);
    return pid > 0 && !isRunning(pid);
  });
  return dead.map((name) => join(folder, name)).filter((path) => {
    const found = statOf(path);
    if (!(kind === 'file' ? found?.isFile() : found?.isDirectory())) return false;
    try {
      rmSync(path, { recursive: kind === 'folder', force: true });
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Removes from `folder` the partial files whose writer no longer exists (a backup or export killed
 * before it moved its file into place, which no signal handler could tidy up); returns their paths.
 */
export const removeDeadPartials = (folder: string): string[] => removeDeadLeftovers(folder, PARTIAL, 'file');

/** Removes a leftover of ours if it is there; says whether it is gone (Windows refuses while a file is open). */
export function removeQuietly(path: string): boolean {
  try {
    rmSync(path, { force: true });
    return true;
  } catch {
    return false;
  }
}
