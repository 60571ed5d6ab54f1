import type { Handlers } from './handler-types';
import type { CallerNow } from './access';
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
export function createDeskSession(ctx: ServiceContext) {
  const verifier = createSessionVerifier(ctx);
  const clerkLogins = cacheUntilChange(ctx, ['settings'], () => ctx.setting('clerkLogins') === true);
  let secret: string | undefined;

  const who: CallerNow = () => {
    const verified = secret === undefined ? undefined : verifier.verify(secret);
    if (!verified) secret = undefined; // ended elsewhere: a new PIN, logins off, 12 hours
    return { caller: verified?.caller ?? DESK, clerkLogins };
  };

  /** `handlers` with sign-in and sign-out keeping the secret here. */
  function withDesk(handlers: Partial<Handlers>): Partial<Handlers> {
    const start = handlers['sessions.start'];
    const end = handlers['sessions.end'];
    if (!start || !end) return handlers;
    return {
      ...handlers,
      'sessions.start': (input) => {
        const started = start(input);
        secret = started.secret;
        return { ...started, secret: '' };
      },
      'sessions.end': (input) => {
        const ended = end(input);
        secret = undefined;
        return ended;
      },
    };
  }

  return { who, withDesk };
}
export type DeskSession = ReturnType<typeof createDeskSession>;
