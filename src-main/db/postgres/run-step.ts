import type pg from 'pg';
import { StoreError } from '../../../src-shared/errors';
import type { EventInstruction, Instruction, QueryRows, Step } from '../step';
import { WATCHED_CHANNEL, WATCHED_FLAG } from './migrations/watched-tables';

/** The channel every process of one database hears committed events on (the newest event id as payload). */
export const EVENTS_CHANNEL = 'petstore_events';
/** The advisory lock a transaction holds while it numbers and writes its events: ids follow commit order. */
export const EVENTS_LOCK = 0x7065_7473; // "pets"
/** The lock a write that lost once queues on before it runs again: retries run one at a time, not losing to each other over and over. */
export const RETRY_LOCK = 0x7265_7472; // "retr"
/** How often a write whose snapshot lost to another's (serialization failure, deadlock) is tried again in all. */
export const WRITE_ATTEMPTS = 12;
/** How long a write waits for a lock another program holds before SERVICE_BUSY: SQLite's busy timeout (db/connection.ts). */
export const LOCK_WAIT_MS = 5_000;
/** A write's BEGIN, its lock wait bounded in the same round trip. */
const BEGIN_WRITE = `BEGIN ISOLATION LEVEL SERIALIZABLE; SET LOCAL lock_timeout = ${LOCK_WAIT_MS}`;

/** PostgreSQL's SQLSTATEs meaning "run the transaction again": serialization failure and deadlock. */
const RETRY_CODES = new Set(['40001', '40P01']);
const isRetryable = (error: unknown) => RETRY_CODES.has((error as { code?: string } | null)?.code ?? '');
/** lock_not_available: the lock wait ran out. */
const isLockWaitOver = (error: unknown) => (error as { code?: string } | null)?.code === '55P03';

/** What a committed write did that the process's caches and feed need to know. */
export interface Committed {
  /** The id of the last event it wrote, if any. */
  lastEventId: number | undefined;
  /** Whether it changed a table the caches watch (tokens, settings, sessions: migrations/watched-tables.ts). */
  changedWatched: boolean;
}

export interface RunOptions {
  /** Told after each committed write transaction, before its answer is given. */
  afterCommit?: (committed: Committed) => void;
}

/**
 * COMMIT, asking first (in the same round trip) whether the transaction changed a watched table, and
 * announcing the write to every process's caches (change-watch.ts; delivered at COMMIT).
 */
const COMMIT_WRITE = `SELECT current_setting('${WATCHED_FLAG}', true) AS changed, pg_notify('${WATCHED_CHANNEL}', ''); COMMIT`;

/**
 * Runs a step on PostgreSQL: each query it yields is sent and its answer given back; a transaction
 * runs on one connection (SERIALIZABLE for a write, as SQLite's single writer is, retried when it
 * lost to a concurrent one; a snapshot for a read); a nested one is a savepoint.
 */
export async function runStep<T>(pool: pg.Pool, step: Step<T>, options: RunOptions = {}): Promise<T> {
  return new StepRun(pool, options).drive(step);
}

class StepRun {
  private client: pg.PoolClient | undefined;
  private events: EventInstruction[] | undefined; // while a write transaction is open
  private savepoints = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: RunOptions,
  ) {}

  async drive<T>(step: Step<T>): Promise<T> {
    let answer: unknown;
    let failure: { error: unknown } | undefined;
    for (;;) {
      const next = failure ? step.throw(failure.error) : step.next(answer);
      failure = undefined;
      if (next.done) return next.value;
      try {
        answer = await this.perform(next.value);
      } catch (error) {
        failure = { error };
      }
    }
  }

  private perform(instruction: Instruction): Promise<unknown> {
    switch (instruction.kind) {
      case 'query':
        return this.query(instruction.text, instruction.values);
      case 'event':
        if (!this.events) throw new Error('An event is written inside a write transaction');
        this.events.push(instruction);
        return Promise.resolve(undefined);
      case 'transaction':
        if (this.client) return this.savepoint(instruction.work);
        return instruction.mode === 'write' ? this.write(instruction.work) : this.read(instruction.work);
    }
  }

  private async query(text: string, values: readonly unknown[]): Promise<QueryRows<unknown>> {
    const result = await (this.client ?? this.pool).query(text, values as unknown[]);
    return { rows: result.rows, rowCount: result.rowCount ?? 0 };
  }

  private async read(work: () => Step<unknown>): Promise<unknown> {
    return this.transaction('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', async () => this.drive(work()));
  }

  private async write(work: () => Step<unknown>): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      try {
        let lastEventId: number | undefined;
        let changedWatched = false;
        const result = await this.transaction(
          BEGIN_WRITE,
          async () => {
            this.events = [];
            const answer = await this.drive(work());
            lastEventId = await this.writeEvents(this.events);
            return answer;
          },
          attempt > 1 ? RETRY_LOCK : undefined,
          (results) => (changedWatched = (results as pg.QueryResult[])[0]?.rows[0]?.changed === 'yes'),
        );
        this.options.afterCommit?.({ lastEventId, changedWatched });
        return result;
      } catch (error) {
        if (isLockWaitOver(error)) throw new StoreError('SERVICE_BUSY', 'The database is busy with another program; try again in a moment');
        if (!isRetryable(error)) throw error;
        // Still losing after every attempt: the store is too busy now, as SQLite's busy timeout says it.
        if (attempt >= WRITE_ATTEMPTS) throw new StoreError('SERVICE_BUSY', 'The database is busy with other writes; try again in a moment');
        // Lost to a concurrent write: a short random pause, then the whole work again on a fresh snapshot,
        // queued behind the other retries (RETRY_LOCK): under contention, unqueued retries starved (28 attempts seen).
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** Math.min(attempt, 6)));
      } finally {
        this.events = undefined;
      }
    }
  }

  /** A nested transaction: a savepoint, whose failure undoes only its own work (and events). */
  private async savepoint(work: () => Step<unknown>): Promise<unknown> {
    const name = `step_${++this.savepoints}`;
    const eventsBefore = this.events?.length ?? 0;
    await this.query(`SAVEPOINT ${name}`, []);
    try {
      const answer = await this.drive(work());
      await this.query(`RELEASE SAVEPOINT ${name}`, []);
      return answer;
    } catch (error) {
      await this.query(`ROLLBACK TO SAVEPOINT ${name}`, []);
      this.events?.splice(eventsBefore);
      throw error;
    }
  }

  /**
   * `queue`: a session advisory lock taken before BEGIN (so before the snapshot) and released after the end.
   * `committed`: given the answers of a write's COMMIT_WRITE (a read commits with a plain COMMIT).
   */
  private async transaction<T>(begin: string, body: () => Promise<T>, queue?: number, committed?: (results: unknown) => void): Promise<T> {
    const client = await this.pool.connect();
    this.client = client;
    let broken: Error | undefined;
    let queued = false;
    try {
      if (queue !== undefined) {
        await client.query('SELECT pg_advisory_lock($1)', [queue]);
        queued = true;
      }
      await client.query(begin);
      const result = await body();
      if (committed) committed(await client.query(COMMIT_WRITE));
      else await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError as Error; // the connection is gone: the pool must not hand it out again
      }
      throw error;
    } finally {
      this.client = undefined;
      this.savepoints = 0;
      if (queued && !broken) await client.query('SELECT pg_advisory_unlock($1)', [queue]).catch((error: Error) => (broken = error));
      client.release(broken);
    }
  }

  /**
   * The transaction's events, written last under one advisory lock held until COMMIT: a transaction
   * that numbers its events after another also commits after it, so a reader of "events after id N"
   * never finds a smaller id appearing later. The NOTIFY is delivered at COMMIT, in commit order.
   */
  private async writeEvents(events: readonly EventInstruction[]): Promise<number | undefined> {
    if (!events.length) return undefined;
    await this.query('SELECT pg_advisory_xact_lock($1)', [EVENTS_LOCK]);
    const { rows } = await this.query(
      `INSERT INTO events (type, at, data) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) RETURNING id`,
      [events.map((event) => event.type), events.map((event) => event.at), events.map((event) => event.data)],
    );
    const lastId = Math.max(...(rows as { id: number }[]).map((row) => row.id));
    await this.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, String(lastId)]);
    return lastId;
  }
}
