import { closeSync, openSync, readSync } from 'node:fs';

const HEADER_BYTES = 100;
const MAGIC = 'SQLite format 3\0';
const USER_VERSION_OFFSET = 60;

/**
 * The user_version (our schema version) in a SQLite file's header, read without opening the file
 * with SQLite, which would leave -wal and -shm files beside a WAL database even to read it.
 * Undefined for a file that does not start with a whole SQLite header (shorter, or another kind).
 */
export function headerUserVersion(file: string): number | undefined {
  const header = Buffer.alloc(HEADER_BYTES);
  const fd = openSync(file, 'r');
  try {
    if (readSync(fd, header, 0, HEADER_BYTES, 0) < HEADER_BYTES) return undefined;
  } finally {
    closeSync(fd);
  }
  if (header.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  return header.readInt32BE(USER_VERSION_OFFSET);
}
