import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeDeadLeftovers } from './live-files';

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
 * before it could remove its copy); returns their paths.
 */
export const removeDeadScratchFolders = (parent = tmpdir()): string[] => removeDeadLeftovers(parent, SCRATCH, 'folder');
