import { runNow, type Instruction, type Step } from '../../src-main/db/step';
import type { HandlerContext } from '../../src-main/service/handler-context';
import type { Store } from '../../src-main/service/store';

/**
 * SQLite behind yields, as PostgreSQL's engine looks to a handler: every repository call and setting
 * yields a query before it answers, and every transaction is yielded for the runner to open. A step
 * handler that forgets a `yield*` or reads outside its transaction answers differently here.
 */
export interface YieldingEngine {
  /** The handlers' context over the store, every read and write yielded. */
  ctx: HandlerContext;
  /** Runs a step to its end, answering its queries at once and its transactions as SQLite's own. */
  drive<T>(step: Step<T>): T;
  /** What the steps driven so far asked for, by kind, and each transaction's mode in order. */
  asked: { query: number; transaction: number; modes: ('read' | 'write')[] };
}

export function yieldingEngine(store: Store): YieldingEngine {
  const ask = { kind: 'query', text: 'SELECT 1', values: [] } as const;
  const asked: YieldingEngine['asked'] = { query: 0, transaction: 0, modes: [] };
  const context: Record<string, unknown> = {};
  for (const [name, repository] of Object.entries(store.steps)) {
    if (typeof repository !== 'object') continue;
    const deferred: Record<string, unknown> = {};
    for (const [member, value] of Object.entries(repository as Record<string, unknown>)) {
      deferred[member] =
        typeof value === 'function'
          ? function* (...args: unknown[]) {
              yield ask;
              return runNow((value as (...a: unknown[]) => Step<unknown>)(...args));
            }
          : value;
    }
    context[name] = deferred;
  }
  const ctx = {
    ...context,
    engine: store.steps.engine,
    *setting(key) {
      yield ask;
      return runNow(store.steps.setting(key));
    },
    *write(work) {
      return (yield { kind: 'transaction', mode: 'write', work }) as never;
    },
    *read(work) {
      return (yield { kind: 'transaction', mode: 'read', work }) as never;
    },
  } as HandlerContext;

  function drive<T>(step: Step<T>): T {
    let next = step.next();
    while (!next.done) {
      const instruction: Instruction = next.value;
      let answer: unknown = { rows: [], rowCount: 0 };
      if (instruction.kind === 'query') asked.query++;
      // SQLite's events repository writes at once: only PostgreSQL's yields its events.
      else if (instruction.kind === 'event') throw new Error('An event was yielded over SQLite');
      else {
        asked.transaction++;
        asked.modes.push(instruction.mode);
        const work = () => drive(instruction.work());
        answer = instruction.mode === 'write' ? store.context.write(work) : store.db.transaction(work)();
      }
      next = step.next(answer);
    }
    return next.value;
  }

  return { ctx, drive, asked };
}
