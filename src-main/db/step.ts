/**
 * A step of the store's work, written once for both engines (docs/decisions.md#handlers-are-steps):
 * a generator that yields what it needs from the database and is given the answer back. SQLite's
 * repositories answer at once, so a step on SQLite never yields and runs to its end in one `next()`;
 * PostgreSQL's repositories yield their queries, which the engine's runner awaits.
 */
export type Step<T> = Generator<Instruction, T, unknown>;

/** What a step may ask of the engine running it. */
export type Instruction = QueryInstruction | TransactionInstruction | EventInstruction;

/** One SQL statement (PostgreSQL's `$1` placeholders) with its values. */
export interface QueryInstruction {
  readonly kind: 'query';
  readonly text: string;
  readonly values: readonly unknown[];
}

/** `work` in one transaction: a write (the write lock's order) or a read of one snapshot. */
export interface TransactionInstruction {
  readonly kind: 'transaction';
  readonly mode: 'write' | 'read';
  readonly work: () => Step<unknown>;
}

/**
 * An event of the change log, written with the transaction that made the change. PostgreSQL's runner
 * writes a transaction's events last, under one lock, so that event ids follow the commit order.
 */
export interface EventInstruction {
  readonly kind: 'event';
  readonly type: string;
  readonly at: string;
  readonly data: string;
}

/** The rows a query gave and how many rows it changed. */
export interface QueryRows<Row> {
  rows: Row[];
  rowCount: number;
}

/** A query, for PostgreSQL's repositories: `const { rows } = yield* sql<Row>('SELECT … WHERE id = $1', [id])`. */
export function* sql<Row>(text: string, values: readonly unknown[] = []): Step<QueryRows<Row>> {
  return (yield { kind: 'query', text, values }) as QueryRows<Row>;
}

/** A repository whose methods are steps: what handlers see of either engine's repository. */
export type Stepped<R> = {
  [K in keyof R]: R[K] extends (...args: infer A) => infer T ? (...args: A) => Step<Awaited<T>> : R[K];
};

/** A value known now, as a step (SQLite's answers). */
export function* now<T>(answer: () => T): Step<T> {
  return answer();
}

/** SQLite's repository seen as steps: each method answers at once, inside a step that never yields. */
export function stepped<R extends object>(repository: R): Stepped<R> {
  const steps: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(repository)) {
    steps[name] =
      typeof member === 'function'
        ? function* (...args: unknown[]) {
            return member(...args);
          }
        : member;
  }
  return steps as Stepped<R>;
}

/** Runs a step on an engine that answers at once (SQLite): a yield there is a programming error. */
export function runNow<T>(step: Step<T>): T {
  const next = step.next();
  if (next.done) return next.value;
  throw new Error(`A step asked for a ${next.value.kind} on SQLite, whose repositories answer at once`);
}
