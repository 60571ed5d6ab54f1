/**
 * The names of the backups the app makes up: the one the Settings screen suggests and the safety
 * copy a restore writes first. In local time, as the clerk reads the clock
 * (docs/decisions.md#backup-names-are-in-local-time).
 */

/** The local date and time as a file-name-safe stamp, e.g. 2026-05-01-14-30-05 (to the second, so backups rarely collide). */
export function fileStamp(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}-${pad(now.getMinutes())}-${pad(now.getSeconds())}`;
}

/** A new backup's file name, e.g. petstore-2026-05-01-14-30-05.db. */
export const backupFileName = (now = new Date()): string => `petstore-${fileStamp(now)}.db`;

/** The copy of the data as it was that a restore keeps, e.g. before-restore-2026-05-01-14-30-05.db. */
export const safetyCopyName = (now = new Date()): string => `before-restore-${fileStamp(now)}.db`;
