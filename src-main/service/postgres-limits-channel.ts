import type pg from 'pg';
import { notify, type Notifications } from '../db/postgres/notifications';
import { createLimitsBroadcast, type LimitsBroadcast, type LimitsChannel } from './limits-broadcast';

/** The channel the server processes of a PostgreSQL store tell each other their counts on. */
export const LIMITS_CHANNEL = 'petstore_limits';

/** The limits' channel over PostgreSQL: NOTIFY through `pool`, heard on the process's one LISTEN connection. */
export function postgresLimitsChannel(notifications: Pick<Notifications, 'on'>, pool: pg.Pool): LimitsChannel {
  let failing = false;
  return {
    publish(payload) {
      notify(pool, LIMITS_CHANNEL, payload).then(
        () => (failing = false),
        (error: unknown) => {
          // Once per outage: the counts are lost (the others miss them), the server goes on.
          if (!failing) console.error('[petstore] sending rate-limit counts to the other server processes failed:', (error as Error).message);
          failing = true;
        },
      );
    },
    onMessage: (listener) => notifications.on(LIMITS_CHANNEL, listener),
  };
}

/**
 * The counts this process shares with the store's other server processes: give it to the PIN
 * throttle (the store's) and to the REST app's limits (rest/shared-limits.ts). Close it before the pool.
 */
export function openSharedLimits(notifications: Pick<Notifications, 'on'>, pool: pg.Pool): LimitsBroadcast {
  return createLimitsBroadcast(postgresLimitsChannel(notifications, pool));
}
