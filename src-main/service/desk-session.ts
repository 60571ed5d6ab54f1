import { operationDef, type OperationName } from '../../src-shared/contract';
import type { Handlers } from './handler-types';
import { admit, type CallerNow } from './access';
import type { Caller } from './caller';
import { cacheUntilChange } from './change-cache';
import type { ServiceContext } from './context';
import { createSessionVerifier } from './session-bearer';

/** The server's own desk with nobody signed in. */
const DESK: Caller = Object.freeze({ kind: 'till', till: null, session: null });

/**
 * The server's own windows (the desktop app, the browser host on a local store) as one till, the
 * desk (docs/decisions.md#clerk-logins): the clerk's session secret stays here, in the main
 * process, and each call runs as that clerk; the page is answered without it.
 */
export function createDeskSession(context: ServiceContext) {
  const verifier = createSessionVerifier(context);
  const clerkLogins = cacheUntilChange(context, ['settings'], () => context.setting('clerkLogins') === true);
  let secret: string | undefined;
  const changeListeners: (() => void)[] = [];

  const who: CallerNow = () => {
    const verified = secret === undefined ? undefined : verifier.verify(secret);
    if (!verified) secret = undefined; // ended elsewhere: a new PIN, logins off, 12 hours
    return { caller: verified?.caller ?? DESK, clerkLogins };
  };

  /** Whether the windows may call `name` now: what the native menu offers (the same check as each call's). */
  function mayCall(name: OperationName): boolean {
    const { caller, clerkLogins: loginsOn } = who();
    try {
      admit(operationDef(name), caller, loginsOn);
      return true;
    } catch {
      return false;
    }
  }

  /** `handlers` with sign-in and sign-out keeping the secret here (and telling `onChange`'s listeners). */
  function withDesk(handlers: Partial<Handlers>): Partial<Handlers> {
    const start = handlers['sessions.start'];
    const end = handlers['sessions.end'];
    if (!start || !end) return handlers;
    return {
      ...handlers,
      'sessions.start': (input) => {
        const started = start(input);
        secret = started.secret;
        changeListeners.forEach((listener) => listener());
        return { ...started, secret: '' };
      },
      'sessions.end': (input) => {
        const ended = end(input);
        secret = undefined;
        changeListeners.forEach((listener) => listener());
        return ended;
      },
    };
  }

  return {
    who,
    withDesk,
    mayCall,
    /** Calls `listener` after each sign-in and sign-out at the desk. */
    onChange: (listener: () => void) => void changeListeners.push(listener),
  };
}
export type DeskSession = ReturnType<typeof createDeskSession>;
