import type { Db } from '../connection';
import { otherWritersVersion } from '../other-writers';

/**
 * Tells whether anything was written to the database since it last answered: by this connection
 * (`total_changes()`, seen at once) or by another connection or process (`data_version`, seen
 * within `OTHER_WRITERS_WINDOW_MS`). Its first answer is true. For figures kept until a write.
 */
export function writeWatcher(db: Db): () => boolean {
  // Reads no table, so it takes no lock: a fraction of a microsecond.
  const ownChanges = db.prepare<[], number>('SELECT total_changes()').pluck();
  let seenChanges = -1;
  let seenVersion = -1;
  return function writtenSinceLastAsked(): boolean {
    const changes = ownChanges.get()!;
    const version = otherWritersVersion(db);
    if (changes === seenChanges && version === seenVersion) return false;
    seenChanges = changes;
    seenVersion = version;
    return true;
  };
}
