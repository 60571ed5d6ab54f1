import Database from 'better-sqlite3';
import pg from 'pg';
import type { CallableOperationName, OperationInput, OperationOutput } from '../../../src-shared/contract';
import type { Handlers } from '../../../src-main/service/handler-types';
import { invokeOperationAsync } from '../../../src-main/service/invoke';
import { openPostgresStore } from '../../../src-main/service/postgres-store';
import { openStore } from '../../../src-main/service/store';
import type { TestServer } from './server';

/**
 * The longest another process's commit may take to reach the test server on PostgreSQL: its NOTIFY
 * heard and what it changed read again. Measured here (a token revoked by another client, 400
 * times): the first request sent after that client's COMMIT returned was refused every time; two
 * seconds is the margin for a loaded CI machine, not an expected wait.
 */
export const HEARD_WITHIN_MS = 2_000;

/** Where the test server's database is: its SQLite file, or its PostgreSQL database's URL. */
export type DatabasePlace = Pick<TestServer, 'file' | 'postgresUrl'>;

/**
 * Runs one statement as another program on the server's database would: through a connection of
 * its own to the SQLite file, or a client of the PostgreSQL database. `?` stands for each
 * parameter on both engines. Answers the rows (none for a statement that returns none).
 */
export async function sqlElsewhere<T = Record<string, unknown>>(t: DatabasePlace, text: string, params: unknown[] = []): Promise<T[]> {
  if (t.postgresUrl) {
    const client = new pg.Client({ connectionString: t.postgresUrl });
    await client.connect();
    try {
      let n = 0;
      return (await client.query(text.replace(/\?/g, () => `$${++n}`), params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(t.file);
  try {
    const statement = db.prepare(text);
    if (statement.reader) return statement.all(...params) as T[];
    statement.run(...params);
    return [];
  } finally {
    db.close();
  }
}

/**
 * What the server answers once another program's commit has reached it. SQLite: the first answer,
 * whatever it is (the next request reads the file, whose data_version moved). PostgreSQL: the
 * first answer `heard` accepts within HEARD_WITHIN_MS (the commit's NOTIFY comes on its own
 * connection), else the last one, for the caller's expectation to fail on.
 */
export async function onceHeard<T>(t: Pick<TestServer, 'engine'>, probe: () => Promise<T>, heard: (answer: T) => boolean): Promise<T> {
  const deadline = performance.now() + HEARD_WITHIN_MS;
  for (;;) {
    const answer = await probe();
    if (t.engine === 'sqlite' || heard(answer) || performance.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Another server process's store on the same database, its operations run as the owner's. */
export interface OtherServer {
  call<K extends CallableOperationName>(name: K, input: OperationInput<K> | Record<string, unknown>): Promise<OperationOutput<K>>;
  close(): Promise<void>;
}

/**
 * Opens another server's store on the test server's database: a second store on the SQLite file
 * (a connection of its own), or a serving PostgreSQL store (its own pool and LISTEN connection),
 * as a second `petstore serve` has.
 */
export async function otherServer(t: DatabasePlace): Promise<OtherServer> {
  const store = t.postgresUrl ? await openPostgresStore(t.postgresUrl, { serving: true, maxConnections: 2 }) : openStore(t.file);
  return {
    async call(name, input) {
      const result = await invokeOperationAsync(store.handlers as Partial<Handlers>, name, input);
      if (!result.ok) throw new Error(`${name} on the other server: ${result.error.message}`);
      return result.data as OperationOutput<typeof name>;
    },
    async close() {
      await store.close();
    },
  };
}
