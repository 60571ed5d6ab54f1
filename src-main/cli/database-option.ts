import type { CommandContext } from './context';

/** Said once in every command's help (run.ts adds it) and once in the whole usage. */
export const DATABASE_HELP = `--db FILE|URL  the database: a SQLite file, or PostgreSQL's as postgres://user@host:port/name (its
               password in PGPASSWORD or ~/.pgpass); without --db, PETSTORE_DB names it, else ./petstore.db`;

/** The database a command works on: --db, else PETSTORE_DB, else ./petstore.db (docs/decisions.md#the-cli-on-postgresql). */
export function databaseOf(given: string | undefined, cli: CommandContext): string {
  return given ?? (cli.io.env.PETSTORE_DB || 'petstore.db');
}
