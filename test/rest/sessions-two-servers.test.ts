/**
 * A shop's clerk sessions across two servers of one database (docs/decisions.md#clerk-logins): on
 * SQLite another program's store on the same file, on PostgreSQL another serving process. A session
 * started at one opens the till's work at the other; a sign-out, a new PIN and a revoked till at
 * one end it at the other (on PostgreSQL once its NOTIFY is heard).
 */
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { CallableOperationName } from '../../src-shared/contract';
import { startListener, type RunningListener } from '../../src-main/rest/listener';
import { postgresRestStore } from '../../src-main/rest/postgres-rest-store';
import type { Handlers } from '../../src-main/service/handler-types';
import { invokeOperationAsync } from '../../src-main/service/invoke';
import { openPostgresStore } from '../../src-main/service/postgres-store';
import { openStore, type Store } from '../../src-main/service/store';
import { clerksWithLoginsAt, pairTillAt } from '../helpers/clerk-logins';
import { expectError, useHttpSuite, type Answer } from './support/http-suite';
import { SCHEME, listenerTlsOption } from './support/transport';

/**
 * How long another server's commit may take to be heard here: on PostgreSQL its NOTIFY arrives in
 * well under a millisecond on this machine; the margin is for a loaded CI machine, not an expected wait.
 */
const HEARD_MS = 5_000;

const s = useHttpSuite();
let other: { listener: RunningListener; origin: string; call(name: CallableOperationName, input: unknown): Promise<unknown>; close(): Promise<void> };
let till: { id: number; secret: string };
let clerks: Awaited<ReturnType<typeof clerksWithLoginsAt>>;

/** The other server: its own store on the test server's database, and a listener of its own. */
async function otherServer(): Promise<typeof other> {
  let store: Store | Awaited<ReturnType<typeof openPostgresStore>>;
  let served: Parameters<typeof startListener>[0]['store'];
  if (s.t.postgresUrl) {
    const postgres = await openPostgresStore(s.t.postgresUrl, { serving: true, maxConnections: 4 });
    const rest = postgresRestStore(postgres);
    await rest.ready();
    [store, served] = [postgres, rest];
  } else {
    const sqlite = openStore(s.t.file);
    [store, served] = [sqlite, sqlite];
  }
  const listener = await startListener({ store: served, host: '127.0.0.1', port: 0, tls: listenerTlsOption() });
  return {
    listener,
    origin: `${SCHEME}://127.0.0.1:${listener.port}`,
    async call(name, input) {
      const result = await invokeOperationAsync(store.handlers as unknown as Partial<Handlers>, name, input);
      if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
      return result.data;
    },
    async close() {
      await listener.close();
      await store.close();
    },
  };
}

beforeAll(async () => {
  till = await pairTillAt(s.t);
  clerks = await clerksWithLoginsAt(s.t);
  other = await otherServer();
});
afterAll(() => other?.close());

/** A request to the other server (checked against the document as the suite's are). */
async function atOther(method: string, path: string, token: string, json?: unknown): Promise<Answer> {
  const response = await fetch(other.origin + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, headers: response.headers, body: await s.api.check(method, path, response) };
}

/** What `read` answers once the other server's commit is heard here (at once on SQLite). */
const heard = (read: () => Promise<number>, status: number) => vi.waitFor(async () => expect(await read()).toBe(status), { timeout: HEARD_MS, interval: 5 });

const pets = (token: string) => s.call('GET', '/v1/pets?limit=1', { token });
const petsAtOther = (token: string) => atOther('GET', '/v1/pets?limit=1', token);

test('a session started at the other server opens the till here; signed out here, it is refused there', async () => {
  const started = await atOther('POST', '/v1/sessions', till.secret, { clerkId: clerks.clerk.id, pin: '2222' });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const secret = started.body.secret as string;
  await heard(async () => (await pets(secret)).status, 200);
  expect((await s.call('GET', '/v1/sessions/current', { token: secret })).body.session).toMatchObject({ clerk: { name: 'Ben' }, till: { name: 'Counter 2' } });

  expect((await s.call('DELETE', '/v1/sessions/current', { token: secret })).status).toBe(204);
  await heard(async () => (await petsAtOther(secret)).status, 401);
  expectError(await petsAtOther(secret), 'SIGN_IN_REQUIRED', 401);
});

test('a new PIN given at the other server ends the session here', async () => {
  const secret = (await s.call('POST', '/v1/sessions', { token: till.secret, json: { clerkId: clerks.clerk.id, pin: '2222' } })).body.secret as string;
  expect((await pets(secret)).status).toBe(200);
  await other.call('clerks.update', { clerkId: clerks.clerk.id, pin: '2223' });
  await heard(async () => (await pets(secret)).status, 401);
  expectError(await pets(secret), 'SIGN_IN_REQUIRED', 401);
});

test("the till revoked at the other server: its session and its token are refused here", async () => {
  const secret = (await s.call('POST', '/v1/sessions', { token: till.secret, json: { clerkId: clerks.clerk.id, pin: '2223' } })).body.secret as string;
  expect((await pets(secret)).status).toBe(200);
  await other.call('tills.revoke', { tillId: till.id });
  await heard(async () => (await pets(secret)).status, 401);
  expectError(await pets(secret), 'SIGN_IN_REQUIRED', 401);
  expectError(await s.call('GET', '/v1/clerks', { token: till.secret }), 'UNAUTHORIZED', 401);
});
