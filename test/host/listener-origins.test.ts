/**
 * The desktop's listener applies new allowed origins to its next request, wherever they were saved
 * (the Settings screen over IPC, or `petstore settings set` beside the app), without a restart: a
 * kept-alive connection goes on, and so do its event streams and rate budgets. A stopped listener stays stopped.
 */
import { Agent, request } from 'node:http';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { ListenerStatus } from '../../src-shared/schemas/listener';
import { openIpcHarness, expectOk, type IpcHarness } from '../ipc/harness';
import { freePort } from '../helpers/ports';
import { runCli } from '../rest/support/processes';

let h: IpcHarness;
let port: number;
let agent: Agent;
beforeEach(async () => {
  h = openIpcHarness();
  port = await freePort();
  agent = new Agent({ keepAlive: true, maxSockets: 1 });
  expectOk(await h.call('listener.move', { listenerPort: port }));
});
afterEach(async () => {
  agent.destroy();
  await h.close();
});

const ORIGIN = 'http://localhost:5173';

/** A browser's preflight from ORIGIN over the one kept-alive connection: what it is told, and on which socket. */
const preflight = () =>
  new Promise<{ grant: string | undefined; socket: object }>((resolve, reject) => {
    const call = request(`http://127.0.0.1:${port}/v1/pets`, {
      agent,
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
    });
    call.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ grant: response.headers['access-control-allow-origin'] as string | undefined, socket: call.socket! }));
    });
    call.on('error', reject);
    call.end();
  });
const grantBecomes = (expected: string | undefined) => expect.poll(async () => (await preflight()).grant, { timeout: 5_000 }).toBe(expected);

test('origins saved while the listener runs apply to the next request, on the same connection', async () => {
  const started = expectOk<ListenerStatus>(await h.call('listener.start', {}));
  const before = await preflight();
  expect(before.grant).toBeUndefined();

  expectOk(await h.call('settings.update', { allowedOrigins: [ORIGIN] }));
  const after = await preflight();
  expect(after.grant).toBe(ORIGIN);
  expect(after.socket).toBe(before.socket);
  expect(expectOk<ListenerStatus>(await h.call('listener.status', {}))).toMatchObject({ running: true, url: started.url, lastError: null });

  expectOk(await h.call('settings.update', { allowedOrigins: [] }));
  const off = await preflight();
  expect(off.grant).toBeUndefined();
  expect(off.socket).toBe(before.socket);
});

test('origins set from the command line beside the app apply too', async () => {
  expectOk(await h.call('listener.start', {}));
  const set = await runCli(['settings', 'set', `allowedOrigins=${ORIGIN}`, '--db', h.t.file]);
  expect(set.code, set.stderr).toBe(0);
  await grantBecomes(ORIGIN);
});

test('origins saved while the listener is stopped do not start it, and apply once it starts', async () => {
  expectOk(await h.call('settings.update', { allowedOrigins: [ORIGIN] }));
  expect(expectOk<ListenerStatus>(await h.call('listener.status', {})).running).toBe(false);
  expectOk(await h.call('listener.start', {}));
  expect((await preflight()).grant).toBe(ORIGIN);
});
