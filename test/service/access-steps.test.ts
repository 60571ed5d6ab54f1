/**
 * The settings, tokens, tills, clerks and sessions handlers are steps (docs/decisions.md#handlers-are-steps):
 * they run unchanged on an engine whose every repository call yields and whose transactions the
 * runner opens, as PostgreSQL's will. Here that engine is SQLite behind yields, so the answers can be
 * checked against the store's own handlers.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { StoreError } from '../../src-shared/errors';
import type { Step } from '../../src-main/db/step';
import { runForCaller } from '../../src-main/service/caller';
import { clerkHandlers } from '../../src-main/service/clerks';
import { tillProof } from '../../src-main/service/pairing-proof';
import { sessionHandlers } from '../../src-main/service/sessions';
import { settingsHandlers, shopHandlers } from '../../src-main/service/settings';
import { provideShopServer } from '../../src-main/service/shop-server';
import { tillHandlers } from '../../src-main/service/tills';
import { tokenHandlers } from '../../src-main/service/tokens';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { yieldingEngine } from '../helpers/yielding-steps';

const FINGERPRINT = 'AB:CD:'.repeat(15) + 'AB:CD';

let t: TestStore;
beforeEach(() => {
  t = openTestStore();
  provideShopServer(t.store.context, { fingerprint: () => FINGERPRINT, listener: () => ({ running: true, host: '127.0.0.1', port: 8787 }) });
});
afterEach(() => t.close());

/** The six modules' handlers over the yielding engine (test/helpers/yielding-steps.ts). */
function yieldingHandlers() {
  const engine = yieldingEngine(t.store);
  const modules = [settingsHandlers, shopHandlers, tokenHandlers, tillHandlers, clerkHandlers, sessionHandlers];
  const steps = Object.assign({}, ...modules.map((module) => module(engine.ctx))) as Record<string, (input: unknown) => Step<unknown>>;
  const call = <T>(name: string, input: unknown = {}): T => engine.drive(steps[name](input)) as T;
  return { call, asked: engine.asked };
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
  const { call, asked } = yieldingHandlers();
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
