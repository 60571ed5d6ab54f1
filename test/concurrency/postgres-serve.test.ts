/**
 * Two `petstore serve` processes on one PostgreSQL database, over HTTP (issue 37): forty three-line
 * sales at once, split between them, competing for the last units: never oversold, each sale whole
 * or not at all, receipt numbers 1..n; and the event stream: what one server commits reaches a
 * stream open on the other, and a client that resumes on the other server with Last-Event-ID gets
 * exactly the events after it, in order, none twice. A token's rate budget and an Idempotency-Key
 * hold across both servers.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { openPostgresStore } from '../../src-main/service/postgres-store';
import { postgresEngineStore, type EngineStore } from '../helpers/engine-stores';
import { describePostgres, freshPostgresDatabase } from '../helpers/postgres-database';
import { killAll, startServe, type ServeProcess } from '../rest/support/processes';
import { openSse, type OpenSse } from '../rest/support/sse';
import { SALES, expectWholeSales, sell, stockUp } from './support/whole-sales';

const TOKEN = 'postgres-serve-preset-token';
/** A NOTIFY reaches the other server in well under a millisecond here; the margin is for a loaded CI machine. */
const DELIVERY_MS = 10_000;

describePostgres('two petstore serve processes on one PostgreSQL database', () => {
  const databases = freshPostgresDatabase();
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    await killAll();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A database of the test's own, a store on it in this process (the checker), and two servers on it. */
  async function twoServers(): Promise<{ t: EngineStore; servers: ServeProcess[] }> {
    const url = await databases.another({ migrated: true });
    const store = await openPostgresStore(url, { maxConnections: 2 });
    cleanups.push(() => store.close());
    const servers = await Promise.all([startServe(url, { PETSTORE_API_TOKEN: TOKEN }), startServe(url, { PETSTORE_API_TOKEN: TOKEN })]);
    return { t: postgresEngineStore(store), servers };
  }

  const post = async (url: string, path: string, body: unknown) => {
    const response = await fetch(url + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  test('forty three-line sales at once, half to each: never oversold, each whole or not at all, numbers 1..n', { timeout: 60_000 }, async () => {
    const { t, servers } = await twoServers();
    const petIds = await stockUp(t);
    const answers = await Promise.all(Array.from({ length: SALES }, (_, i) => sell(servers[i % 2]!.url, TOKEN, petIds, i)));
    await expectWholeSales(t, petIds, answers);
  });

  test('a stream on one server hears the other’s commits; resuming on the other with Last-Event-ID loses and repeats nothing', { timeout: 60_000 }, async () => {
    const { t, servers } = await twoServers();
    const [first, second] = servers as [ServeProcess, ServeProcess];
    const category = await t.ok('categories.create', { name: 'Birds' });
    const createPets = async (server: ServeProcess, from: number, count: number) => {
      for (let n = from; n < from + count; n++) {
        const answer = await post(server.url, '/pets', { name: `Bird ${n}`, categoryId: category.id });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      }
    };
    const petNames = (stream: OpenSse) => stream.events().filter((event) => event.event === 'pet.created').map((event) => JSON.parse(event.data).data.name as string);
    const ids = (stream: OpenSse) => stream.events().map((event) => Number(event.id));

    // Live: a stream on the first server, changes made through the second.
    const live = await openSse(`${first.url}/events`, { token: TOKEN });
    cleanups.push(() => live.abort());
    await createPets(second, 1, 5);
    await live.waitFor(() => petNames(live).length === 5, DELIVERY_MS, 'five pets created on the other server');
    expect(petNames(live)).toEqual(['Bird 1', 'Bird 2', 'Bird 3', 'Bird 4', 'Bird 5']);
    const seen = ids(live);
    live.abort();

    // Meanwhile both servers commit; the client comes back on the second one from the last id it saw.
    await Promise.all([createPets(first, 6, 5), createPets(second, 11, 5)]);
    const resumed = await openSse(`${second.url}/events`, { token: TOKEN, lastEventId: seen.at(-1)! });
    cleanups.push(() => resumed.abort());
    await resumed.waitFor(() => petNames(resumed).length === 10, DELIVERY_MS, 'the ten pets created while away');
    await createPets(first, 21, 2);
    await resumed.waitFor(() => petNames(resumed).length === 12, DELIVERY_MS, 'two more, live, from the other server');
    const all = [...seen, ...ids(resumed)];
    expect(new Set(all).size, 'no event twice').toBe(all.length);
    expect(all, 'in id order').toEqual([...all].sort((a, b) => a - b));
    // Exactly the log: what the store lists after the category's event is what the client got.
    const log = await t.ok('events.list', { after: seen[0]! - 1, limit: 1000 });
    expect(all).toEqual(log.map((event) => event.id));
    expect(new Set([...petNames(live), ...petNames(resumed)]).size).toBe(17);
  });

  test('a token’s rate budget and an Idempotency-Key hold across both servers', { timeout: 60_000 }, async () => {
    const { t, servers } = await twoServers();
    const [first, second] = servers as [ServeProcess, ServeProcess];
    const category = await t.ok('categories.create', { name: 'Dogs' });
    const pet = await t.ok('pets.create', { name: 'Rex', categoryId: category.id });
    await t.ok('inventory.set', { petId: pet.id, update: { quantity: 10 } });

    // The same key to both servers, one after the other and then at once: one order, the same answer.
    const keyed = (server: ServeProcess, key: string) =>
      fetch(`${server.url}/store/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ petId: pet.id, quantity: 1 }),
      }).then(async (response) => ({ status: response.status, replayed: response.headers.get('idempotent-replayed'), body: (await response.json()) as any }));
    const once = await keyed(first, 'order-1');
    const again = await keyed(second, 'order-1');
    expect([once.status, again.status, again.replayed]).toEqual([201, 201, 'true']);
    expect(again.body).toEqual(once.body);
    const together = await Promise.all([keyed(first, 'order-2'), keyed(second, 'order-2')]);
    expect(together.map((answer) => answer.status)).toEqual([201, 201]);
    expect(together[0]!.body).toEqual(together[1]!.body);
    expect((await t.ok('inventory.get', { petId: pet.id })).quantity).toBe(8);

    // A budget of 20 a minute for a token of its own, spent across the two servers.
    const { secret } = await t.ok('tokens.create', { label: 'budget', scope: 'read' });
    await t.ok('settings.update', { rateLimitPerMinute: 20 });
    const statuses: number[] = [];
    const read = async (server: ServeProcess) => {
      const response = await fetch(`${server.url}/pets/${pet.id}`, { headers: { authorization: `Bearer ${secret}` } });
      statuses.push(response.status);
      return response;
    };
    await vi.waitFor(async () => expect((await read(first)).headers.get('x-ratelimit-limit')).toBe('20'), DELIVERY_MS);
    await vi.waitFor(async () => expect((await read(second)).headers.get('x-ratelimit-limit')).toBe('20'), DELIVERY_MS);
    // Spent in turns on both servers, a little apart (each hears the other's counts within 50 ms):
    // 20 answered between them in the minute, and every request after is refused by either.
    for (let n = 0; n < 30; n++) {
      await new Promise((resolve) => setTimeout(resolve, 80));
      await read(n % 2 ? second : first);
    }
    expect(statuses.filter((status) => status === 200), statuses.join()).toHaveLength(20);
    expect(statuses.slice(-6)).toEqual([429, 429, 429, 429, 429, 429]);
  });
});
