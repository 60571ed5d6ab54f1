/**
 * Limits shared over PostgreSQL (src-main/service/postgres-limits-channel.ts): two "server
 * processes", each with its own LISTEN connection and pool on one database, share a token's rate
 * limit and an address's failed authentications through NOTIFY on `petstore_limits`.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { listenForNotifications } from '../../src-main/db/postgres/notifications';
import { openPostgresPool } from '../../src-main/db/postgres/pool';
import { sharedLimits } from '../../src-main/rest/shared-limits';
import type { LimitsBroadcast } from '../../src-main/service/limits-broadcast';
import { openSharedLimits } from '../../src-main/service/postgres-limits-channel';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';

/** Measured about 0.1 s here (the 50 ms batch, then the poll); the margin is for a loaded CI machine. */
const DELIVERY_MS = 5_000;

describePostgres('limits shared over PostgreSQL', () => {
  const database = freshPostgresDatabase({ migrated: false });
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
  });

  /** One server process's end: its LISTEN connection, its pool, its broadcast. */
  async function serverProcess() {
    const notifications = listenForNotifications(database.url);
    const pool = openPostgresPool(database.url, { max: 2 });
    const broadcast = openSharedLimits(notifications, pool);
    closing.push(async () => {
      broadcast.close();
      await notifications.close();
      await pool.end();
    });
    await notifications.ready();
    return { broadcast, limits: sharedLimits(broadcast) };
  }

  /** Counts what `broadcast` hears of `kind` (after the limiter's own listener, which came first). */
  const heardOf = (broadcast: LimitsBroadcast, kind: 'request' | 'authFailure') => {
    const heard = { count: 0 };
    broadcast.on(kind, () => heard.count++);
    return heard;
  };

  test("a token's budget spent on one process is spent on the other", async () => {
    const [one, other] = [await serverProcess(), await serverProcess()];
    const [onOne, onOther] = [one.limits.rateLimiter(() => 60), other.limits.rateLimiter(() => 60)];
    const heard = heardOf(other.broadcast, 'request');
    for (let i = 0; i < 60; i++) expect(onOne.take(7).allowed).toBe(true);
    await vi.waitFor(() => expect(heard.count).toBe(60), DELIVERY_MS);
    expect(onOther.take(7)).toMatchObject({ allowed: false, limit: 60 });
    expect(onOther.take(8)).toMatchObject({ allowed: true, remaining: 59 });
  });

  test('failed authentications on both processes throttle the address on each', async () => {
    const [one, other] = [await serverProcess(), await serverProcess()];
    const [onOne, onOther] = [one.limits.authThrottle(), other.limits.authThrottle()];
    const [heardByOne, heardByOther] = [heardOf(one.broadcast, 'authFailure'), heardOf(other.broadcast, 'authFailure')];
    for (let i = 0; i < 5; i++) onOne.failed('10.0.0.9');
    for (let i = 0; i < 5; i++) onOther.failed('10.0.0.9');
    await vi.waitFor(() => expect([heardByOne.count, heardByOther.count]).toEqual([5, 5]), DELIVERY_MS);
    expect(onOne.waitFor('10.0.0.9')).toBeGreaterThan(0);
    expect(onOther.failed('10.0.0.9')).toMatchObject({ throttled: true });
  });
});
