import type { Committed } from './run-step';
import { WATCHED_CHANNEL } from './migrations/watched-tables';
import type { Notifications } from './notifications';

/**
 * What a process's caches on PostgreSQL are kept by (SQLite's are kept by change-cache.ts and
 * page-totals.ts): two counters that move on every commit of this process at once, and on every
 * other process's commit when its NOTIFY arrives (migrations/watched-tables.ts, run-step.ts).
 * Without notifications (a CLI command), until they are heard and while they are lost, nothing may be kept.
 */
export function createChangeWatch(notifications?: Notifications) {
  let writes = 0;
  let watched = 0;

  function moved(watchedToo: boolean): void {
    writes++;
    if (watchedToo) watched++;
  }
  // An empty payload: a write; a table's name: a write that changed that watched table.
  notifications?.on(WATCHED_CHANNEL, (table) => moved(table !== ''));
  notifications?.onGap(() => moved(true));

  return {
    /** Told of each write this process committed (run-step.ts afterCommit), before its answer is given. */
    committed({ changedWatched }: Committed): void {
      moved(changedWatched);
    },
    /** Resolves once every process's commits are heard (the LISTEN is in place). */
    async ready(): Promise<void> {
      await notifications?.ready();
      moved(true); // whatever was kept before the connection was in place
    },
    /** Moves with every write, or -1 while other processes are not heard (keep nothing then). */
    writes: (): number => (notifications?.listening ? writes : -1),
    /** Moves with every write to a watched table (tokens, settings, sessions, clerks, tills), or -1 while not heard. */
    watched: (): number => (notifications?.listening ? watched : -1),
  };
}
export type ChangeWatch = ReturnType<typeof createChangeWatch>;
