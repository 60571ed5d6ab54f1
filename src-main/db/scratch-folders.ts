import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRunning, statOf } from './live-files';

/** What a scratch folder holds: a backup being checked or restored, or the store a reading command reads a copy of. */
export type ScratchUse = 'restore' | 'read';

/** A scratch folder's name says its process: `petstore-restore-<pid>-…`, `petstore-read-<pid>-…`. */
const SCRATCH = /^petstore-(?:restore|read)-(\d+)-/;

/**
 * A new scratch folder of this process in the system's temporary folder (0700: it holds a copy of
 * the shop's data). Those a killed process left are removed first.
 */
export function makeScratchFolder(use: ScratchUse): string {
  removeDeadScratchFolders();
  return mkdtempSync(join(tmpdir(), `petstore-${use}-${process.pid}-`));
}

/**
 * Removes the scratch folders whose process no longer exists (a restore or a reading command killed
 * before it could remove its copy); returns their paths. A running process's folder, another
 * user's that this one may not remove, and anything not named as ours are left alone.
 */
export function removeDeadScratchFolders(parent = tmpdir()): string[] {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const dead = names.filter((name) => {
    const pid = Number(SCRATCH.exec(name)?.[1] ?? 0);
    return pid > 0 && !isRunning(pid);
  });
  return dead.map((name) => join(parent, name)).filter((path) => statOf(path)?.isDirectory() && removeFolder(path));
}

function removeFolder(path: string): boolean {
  try {
    rmSync(path, { recursive: true, force: true });
    return true;
  } catch {
    return false;
  }
}
