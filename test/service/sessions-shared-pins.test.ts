/**
 * The sessions' handlers count wrong PINs in the store's shared throttle when the handler context
 * gives one (HandlerContext.pinThrottle, as the PostgreSQL store does): two "server processes" over
 * one store, each with its handlers, add up one clerk's wrong PINs.
 */
import { afterEach, expect, test } from 'vitest';
import { runForCaller, type Caller } from '../../src-main/service/caller';
import { sqliteHandlerContext } from '../../src-main/service/handler-context';
import { createLimitsBroadcast, type LimitsBroadcast } from '../../src-main/service/limits-broadcast';
import { createPinThrottle, PIN_FAILURES_FREE } from '../../src-main/service/pin-throttle';
import { sessionHandlers } from '../../src-main/service/sessions';
import { runNow } from '../../src-main/db/step';
import { clerksWithLoginsOn } from '../helpers/clerk-logins';
import { memoryLimitsHub } from '../helpers/memory-limits-channel';
import { openTestStore, type TestStore } from '../helpers/temp-store';

const DESK: Caller = { kind: 'till', till: null, session: null };
let t: TestStore | undefined;
afterEach(() => t?.close());

test("wrong PINs tried on two processes' handlers add up to one clerk's wait", () => {
  t = openTestStore();
  const { clerk } = clerksWithLoginsOn(t.store);
  const hub = memoryLimitsHub();
  const process = (broadcast: LimitsBroadcast) => sessionHandlers({ ...sqliteHandlerContext(t!.store.context), pinThrottle: createPinThrottle(Date.now, broadcast) });
  const [one, other] = [createLimitsBroadcast(hub.channel()), createLimitsBroadcast(hub.channel())];
  const [onOne, onOther] = [process(one), process(other)];
  const signIn = (handlers: typeof onOne, pin: string) => {
    try {
      runForCaller(DESK, () => runNow(handlers['sessions.start']({ clerkId: clerk.id, pin })));
      return 'signed in';
    } catch (error) {
      return (error as { code: string }).code;
    }
  };
  for (let i = 0; i < PIN_FAILURES_FREE - 2; i++) expect(signIn(onOne, '9999')).toBe('PIN_INCORRECT');
  one.flush();
  expect(signIn(onOther, '9999')).toBe('PIN_INCORRECT');
  expect(signIn(onOther, '9999')).toBe('PIN_INCORRECT'); // the fifth across both: the next try waits
  other.flush();
  expect(signIn(onOne, '2222')).toBe('AUTH_THROTTLED');
  expect(signIn(onOther, '2222')).toBe('AUTH_THROTTLED');
});
