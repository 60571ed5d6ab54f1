import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync } from 'node:fs';

/** Only the owner may read the shop's files (its API tokens, orders, customers' names): 0600 and 0700. */
const FILE_MODE = 0o600;
const FOLDER_MODE = 0o700;
const POSIX = process.platform !== 'win32';

/**
 * Creates `path` empty, readable and writable by its owner only, and fails if it exists. SQLite
 * keeps the mode of a file it finds (and gives its -wal, -shm and -journal the same), so a database,
 * a backup or a safety copy created here first stays private. Set with fchmod after the open, so a
 * permissive umask (or an odd one) changes nothing.
 */
export function createPrivateFile(path: string): void {
  const fd = openSync(path, 'wx', FILE_MODE);
  try {
    if (POSIX) fchmodSync(fd, FILE_MODE);
  } finally {
    closeSync(fd);
  }
}

/** Creates the folder `path` (its parent must exist), entered and read by its owner only. */
export function createPrivateFolder(path: string): void {
  mkdirSync(path, { mode: FOLDER_MODE });
  if (POSIX) chmodSync(path, FOLDER_MODE); // the umask narrowed mkdir's mode; this sets it whatever the umask
}
