import { closeSync, fsyncSync, openSync } from 'node:fs';

/** Waits until the file's bytes are on the disk, not only in the system's cache (a power cut keeps them). */
export function syncFile(path: string): void {
  const fd = openSync(path, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Waits until the folder's entries (a file created, renamed into it) are on the disk: a file's own
 * fsync does not make its name durable. Windows cannot open a folder for this and needs it not (NTFS
 * journals its names).
 */
export function syncFolder(path: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
