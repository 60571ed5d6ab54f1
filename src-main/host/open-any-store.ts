/**
 * The store a command works on, on either engine (a SQLite file or a postgres:// URL): each CLI
 * command is written once over `call` and `run`, and what stops either from opening is one line.
 */
import type { ApiResult } from '../../src-shared/api-result';
import type { CallableOperationName } from '../../src-shared/contract';
import { postgresSchemaVersion } from '../db/postgres/migrate';
import { describePostgresUrl, isPostgresUrl, openPostgresPool } from '../db/postgres/pool';
import { runNow, type Step } from '../db/step';
import type { HandlerContext } from '../service/handler-context';
import type { Handlers } from '../service/handler-types';
import { invokeOperationAsync } from '../service/invoke';
import { openPostgresStore } from '../service/postgres-store';
import { openStoreFile, StoreFileError, type DbAccess, type OpeningRun } from './open-store';
import { createHostHandlers } from './shell-handlers';

export interface AnyStore {
  readonly engine: 'sqlite' | 'postgres';
  /** Runs one operation as the CLI does (input parsed by the contract); a refusal is an Error object, never thrown. */
  call(name: CallableOperationName, input: unknown): Promise<ApiResult<unknown>>;
  /** The repositories as steps, for work that is no operation (seed's direct writes): run one with `run`. */
  readonly steps: HandlerContext;
  run<T>(step: Step<T>): Promise<T>;
  close(): Promise<void>;
}

export interface AnyStoreOptions {
  /** The host's handlers too (backups, app info), as the browser host serves them: SQLite only. */
  withShell?: boolean;
}

/**
 * Opens the store `db` names. A SQLite file as `openStoreFile` does; a PostgreSQL database is
 * migrated on open, and a command that may not create a store refuses one with no store in it yet
 * (docs/decisions.md#the-cli-on-postgresql).
 */
export async function openAnyStore(db: string, access: DbAccess, run: OpeningRun, options: AnyStoreOptions = {}): Promise<AnyStore> {
  if (isPostgresUrl(db)) return openPostgres(db, access);
  const store = openStoreFile(db, access, run);
  const handlers: Partial<Handlers> = options.withShell ? createHostHandlers(store, 'headless').handlers : store.handlers;
  return {
    engine: 'sqlite',
    call: (name, input) => invokeOperationAsync(handlers, name, input),
    steps: store.steps,
    run: async (step) => runNow(step),
    close: async () => store.close(),
  };
}

async function openPostgres(url: string, access: DbAccess): Promise<AnyStore> {
  try {
    if (access !== 'may-create') await refuseEmptyDatabase(url);
    const store = await openPostgresStore(url, { maxConnections: 2 });
    // invokeOperationAsync awaits a handler's answer: the async handlers fit where the sync ones do.
    const handlers = store.handlers as unknown as Partial<Handlers>;
    return {
      engine: 'postgres',
      call: (name, input) => invokeOperationAsync(handlers, name, input),
      steps: store.steps,
      run: (step) => store.run(step),
      close: () => store.close(),
    };
  } catch (error) {
    throw postgresOpenFailure(error, url);
  }
}

/** A database the app never migrated holds no store: there is nothing to list or change in it. */
async function refuseEmptyDatabase(url: string): Promise<void> {
  const pool = openPostgresPool(url, { max: 1 });
  try {
    if ((await postgresSchemaVersion(pool)) === 0) {
      throw new StoreFileError(`No Pet Store data in ${describePostgresUrl(url)} yet: this command does not create it (seed, import and token create do).`);
    }
  } finally {
    await pool.end();
  }
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ECONNRESET', 'EAI_AGAIN']);

/** Why the database would not open, in one line that names it without its password. */
export function postgresOpenFailure(error: unknown, url: string): StoreFileError {
  if (error instanceof StoreFileError) return error;
  const label = describePostgresUrl(url);
  const { name, code } = error as Error & { code?: string };
  if (name === 'DatabaseTooNewError') return new StoreFileError((error as Error).message); // names the database (without its password) and says what to do
  const reason = withoutPassword(messageOf(error), url);
  if (code === '3D000') return new StoreFileError(`There is no database ${databaseName(url)} on the PostgreSQL server of ${label}: create it first (README.md, "Running on PostgreSQL").`);
  if (code === '28P01') return new StoreFileError(`PostgreSQL refused the password for ${label}.`);
  if (code === '28000') return new StoreFileError(`PostgreSQL refused the connection to ${label}: ${reason}`);
  if (code && UNREACHABLE.has(code)) return new StoreFileError(`Cannot reach the PostgreSQL server of ${label}: ${reason}`);
  return new StoreFileError(`Cannot open ${label}: ${reason}`);
}

/** An error's message on one line; a failed connection to both of localhost's addresses has none of its own. */
function messageOf(error: unknown): string {
  const { message, errors, code } = error as Error & { errors?: Error[]; code?: string };
  const said = message || errors?.map((each) => each.message).join('; ') || code || String(error);
  return said.replace(/\s*\n\s*/g, ' ');
}

function databaseName(url: string): string {
  try {
    return JSON.stringify(decodeURIComponent(new URL(url).pathname.slice(1)));
  } catch {
    return 'named';
  }
}

/** A driver's message never should hold the password, but a message is no place to find out. */
function withoutPassword(text: string, url: string): string {
  let password: string;
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    return text;
  }
  return password ? text.replaceAll(password, '***') : text;
}
