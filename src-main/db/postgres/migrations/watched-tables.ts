import { WATCHED_TABLES, type WatchedTable } from '../../watched-tables';

/** The channel a commit that changed a watched table is announced on (the table's name as payload). */
export const WATCHED_CHANNEL = 'petstore_changes';
/** Set (transaction-local) when the transaction changed a watched table: the runner reads it before COMMIT. */
export const WATCHED_FLAG = 'petstore.watched_changed';

/**
 * Updates that change nothing the caches keep are not announced: a token's use, recorded once a
 * minute per token, would otherwise make every server read its tokens, settings and sessions again.
 */
const UPDATES_OF: Partial<Record<WatchedTable, string>> = { api_tokens: ' OF scope, hash, revoked_at' };

/**
 * PostgreSQL's part of the caches' watch (SQLite's are temporary triggers, change-cache.ts): a
 * statement that changes a watched table announces it to every process at COMMIT, and marks the
 * transaction so that the process committing it drops its caches before it answers.
 */
export const watchedTablesSql = /* sql */ `
CREATE FUNCTION petstore_watched_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${WATCHED_CHANNEL}', TG_TABLE_NAME);
  PERFORM set_config('${WATCHED_FLAG}', 'yes', true);
  RETURN NULL;
END
$$;
${WATCHED_TABLES.map(
  (table) =>
    `CREATE TRIGGER ${table}_changed AFTER INSERT OR UPDATE${UPDATES_OF[table] ?? ''} OR DELETE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION petstore_watched_changed();`,
).join('\n')}
`;
