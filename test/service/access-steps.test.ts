/**
 * The settings, tokens, tills, clerks and sessions handlers are steps (docs/decisions.md#handlers-are-steps):
 * they run unchanged on an engine whose every repository call yields and whose transactions the
 * runner opens, as PostgreSQL's will. Here that engine is SQLite behind yields, so the answers can be
 * checked against the store's own handlers.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { StoreError } from '../../src-shared/errors';
import { runNow, type Instruction, type Step } from '../../src-main/db/step';
import { runForCaller } from '../../src-main/service/caller';
import { clerkHandlers } from '../../src-main/service/clerks';
import type { HandlerContext } from '../../src-main/service/handler-context';
import { tillProof } from '../../src-main/service/pairing-proof';
import { sessionHandlers } from '../../src-main/service/sessions';
import { settingsHandlers, shopHandlers } from '../../src-main/service/settings';
import { provideShopServer } from '../../src-main/service/shop-server';
import { tillHandlers } from '../../src-main/service/tills';
import { tokenHandlers } from '../../src-main/service/tokens';
import { openTestStore, type TestStore } from '../helpers/temp-store';

const FINGERPRINT = 'AB:CD:'.repeat(15) + 'AB:CD';

let t: TestStore;
beforeEach(() => {
  t = openTestStore();
  provideShopServer(t.store.context, { fingerprint: () => FINGERPRINT, listener: () => ({ running: true, host: '127.0.0.1', port: 8787 }) });
});
afterEach(() => t.close());

/** Every instruction the handlers yielded, by kind. */
let asked: Record<Instruction['kind'], number>;

/** The SQLite handler context with each repository call and setting yielding a query first, and its transactions yielded. */
function yieldingContext(steps: HandlerContext): HandlerContext {
  const ask = { kind: 'query', text: 'SELECT 1', values: [] } as const;
  const context: Record<string, unknown> = {};
  for (const [name, repository] of Object.entries(steps)) {
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
  return {
    ...(context as object),
    *setting(key) {
      yield ask;
      return runNow(steps.setting(key));
    },
    *write(work) {
      return (yield { kind: 'transaction', mode: 'write', work }) as never;
    },
    *read(work) {
      return (yield { kind: 'transaction', mode: 'read', work }) as never;
    },
  } as HandlerContext;
}

/** Runs a step, answering its queries at once and its transactions as SQLite's own. */
function drive<T>(step: Step<T>): T {
  let next = step.next();
  while (!next.done) {
    const instruction = next.value;
    asked[instruction.kind] += 1;
    let answer: unknown = { rows: [], rowCount: 0 };
    if (instruction.kind === 'transaction') {
      const work = () => drive(instruction.work());
      answer = instruction.mode === 'write' ? t.store.context.write(work) : t.store.db.transaction(work)();
    }
    next = step.next(answer);
  }
  return next.value;
}

/** The six modules' handlers over the yielding engine, each answering through `drive`. */
function yieldingHandlers() {
  const ctx = yieldingContext(t.store.steps);
  const modules = [settingsHandlers, shopHandlers, tokenHandlers, tillHandlers, clerkHandlers, sessionHandlers];
  const steps = Object.assign({}, ...modules.map((module) => module(ctx))) as Record<string, (input: unknown) => Step<unknown>>;
  return <T>(name: string, input: unknown = {}): T => drive(steps[name](input)) as T;
}

const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof StoreError) return error.code;
    throw error;
  }
  throw new Error('not refused');
};

test('every handler of the six modules yields its reads and writes and answers as on SQLite', () => {
  asked = { query: 0, transaction: 0, event: 0 };
  const call = yieldingHandlers();
  const { handlers } = t.store;

  // Settings: a refusal inside the transaction (no owner yet) leaves nothing behind.
  expect(refusal(() => call('settings.update', { clerkLogins: true }))).toBe('VALIDATION_FAILED');
  expect(call('settings.update', { shopName: 'Paws' })).toEqual(handlers['settings.get']({}));
  expect(call('settings.get')).toEqual(handlers['settings.get']({}));
  expect(call('shop.get')).toEqual(handlers['shop.get']({}));

  // Clerks: made, renamed, listed; the last owner stays one once logins are on.
  const owner = call<{ id: number }>('clerks.create', { name: 'Olga', role: 'owner', pin: '1111' });
  const clerk = call<{ id: number }>('clerks.create', { name: 'Ben', role: 'clerk', pin: '2222' });
  expect(refusal(() => call('clerks.create', { name: 'olga', role: 'clerk', pin: '3333' }))).toBe('VALIDATION_FAILED');
  call('clerks.update', { clerkId: clerk.id, name: 'Benny' });
  expect(call('clerks.list', { includeInactive: true })).toEqual(handlers['clerks.list']({ includeInactive: true }));
  call('settings.update', { clerkLogins: true });
  expect(refusal(() => call('clerks.update', { clerkId: owner.id, role: 'clerk' }))).toBe('VALIDATION_FAILED');

  // Tokens: made, listed, revoked.
  const made = call<{ token: { id: number }; secret: string }>('tokens.create', { label: 'Shop site', scope: 'read' });
  expect(made.secret).toMatch(/^psk_/);
  expect(call('tokens.list', { includeRevoked: true })).toEqual(handlers['tokens.list']({ includeRevoked: true }));
  expect(call<{ revokedAt: string | null }>('tokens.revoke', { tokenId: made.token.id }).revokedAt).not.toBeNull();

  // Tills: a code pairs once over the host's certificate, which the yielding context finds too.
  const { code } = call<{ code: string }>('tills.pairingCode');
  const proof = tillProof(code, FINGERPRINT, 'Counter 2');
  const paired = call<{ till: { id: number } }>('tills.pair', { name: 'Counter 2', proof });
  expect(refusal(() => call('tills.pair', { name: 'Counter 2', proof }))).toBe('PAIRING_CODE_INVALID');
  expect(call('tills.list', { includeRevoked: false })).toEqual(handlers['tills.list']({ includeRevoked: false }));

  // Sessions: a clerk signs in at the till, is current there, and signs out.
  const till = { id: paired.till.id, name: 'Counter 2' };
  const started = runForCaller({ kind: 'till', till, session: null }, () =>
    call<{ session: { id: number; clerk: { name: string } } }>('sessions.start', { clerkId: clerk.id, pin: '2222' }),
  );
  expect(started.session.clerk.name).toBe('Benny');
  const signedIn = { kind: 'till', till, session: { sessionId: started.session.id, clerk: { id: clerk.id, name: 'Benny', role: 'clerk' } } } as const;
  expect(runForCaller(signedIn, () => call<{ session: unknown }>('sessions.current')).session).toEqual(started.session);
  runForCaller(signedIn, () => call('sessions.end'));
  expect(runForCaller(signedIn, () => handlers['sessions.current']({})).session).toBeNull();
  expect(call<{ revokedAt: string | null }>('tills.revoke', { tillId: paired.till.id }).revokedAt).not.toBeNull();

  // Each call went through the engine: a query for every read, one transaction for each of the 16
  // writes above (the refused ones included).
  expect(asked.query).toBeGreaterThan(40);
  expect(asked.transaction).toBe(16);
});
