/**
 * One LISTEN connection per process (src-main/db/postgres/notifications.ts): a payload sent on a
 * channel reaches its listeners in this process and another, a listener that left hears nothing,
 * and a connection the server kills comes back and says a gap happened.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { listenForNotifications, notify, type Notifications } from '../../src-main/db/postgres/notifications';
import { openPostgresPool } from '../../src-main/db/postgres/pool';
import { describePostgres, freshPostgresDatabase, onServer } from '../helpers/postgres-database';

/** A NOTIFY arrives in well under a millisecond here; the margin is for a loaded CI machine. */
const DELIVERY_MS = 5_000;

describePostgres('notifications', () => {
  const database = freshPostgresDatabase({ migrated: false });
  const opened: Notifications[] = [];
  afterEach(async () => {
    for (const each of opened.splice(0)) await each.close();
  });
  const open = () => {
    const notifications = listenForNotifications(database.url);
    opened.push(notifications);
    return notifications;
  };

  test('a payload reaches the listeners of its channel in every process, and only while they listen', async () => {
    const [here, there] = [open(), open()];
    const heard: string[] = [];
    const stop = here.on('alpha', (payload) => heard.push(`here ${payload}`));
    there.on('alpha', (payload) => heard.push(`there ${payload}`));
    there.on('beta', (payload) => heard.push(`beta ${payload}`));
    await Promise.all([here.ready(), there.ready()]);
    expect(here.listening).toBe(true);
    const pool = openPostgresPool(database.url, { max: 1 });
    try {
      await notify(pool, 'alpha', 'one');
      await vi.waitFor(() => expect(heard.sort()).toEqual(['here one', 'there one']), DELIVERY_MS);
      stop();
      heard.length = 0;
      await notify(pool, 'alpha', 'two');
      await notify(pool, 'beta', 'three');
      await vi.waitFor(() => expect(heard.sort()).toEqual(['beta three', 'there two']), DELIVERY_MS);
    } finally {
      await pool.end();
    }
  });

  test('a killed connection comes back, tells of the gap, and hears again', async () => {
    const notifications = open();
    const heard: string[] = [];
    let gaps = 0;
    notifications.on('alpha', (payload) => heard.push(payload));
    notifications.onGap(() => gaps++);
    await notifications.ready();
    await onServer(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'pet-store-clerk notifications'`);
    await vi.waitFor(() => expect(gaps).toBe(1), 1_000 + DELIVERY_MS);
    expect(notifications.listening).toBe(true);
    const pool = openPostgresPool(database.url, { max: 1 });
    try {
      await notify(pool, 'alpha', 'after');
      await vi.waitFor(() => expect(heard).toEqual(['after']), DELIVERY_MS);
    } finally {
      await pool.end();
    }
  });
});
