/**
 * The tables every REST request reads through a cache (tokens, settings, clerks' sessions): each
 * engine tells the caches when one changed, here or in another process (service/change-cache.ts on
 * SQLite, db/postgres/change-watch.ts on PostgreSQL).
 */
export const WATCHED_TABLES = ['api_tokens', 'settings', 'clerk_sessions', 'clerks', 'tills'] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];
