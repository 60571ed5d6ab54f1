/**
 * The desktop's listener sets CORS up when it starts, so new allowed origins restart a running
 * listener where it runs: saved on the Settings screen (IPC) or by `petstore settings set` beside
 * the app. A stopped listener stays stopped, and a change of another setting restarts nothing.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { ListenerStatus } from '../../src-shared/schemas/listener';
import { openIpcHarness, expectOk, type IpcHarness } from '../ipc/harness';
import { freePort } from '../helpers/ports';
import { runCli } from '../rest/support/processes';

let h: IpcHarness;
let port: number;
beforeEach(async () => {
  h = openIpcHarness();
  port = await freePort();
  expectOk(await h.call('listener.move', { listenerPort: port }));
});
afterEach(() => h.close());

const ORIGIN = 'http://localhost:5173';
/** What a browser's preflight from ORIGIN is told. */
const preflightGrant = async () => {
  const answer = await fetch(`http://127.0.0.1:${port}/v1/pets`, {
    method: 'OPTIONS',
    headers: { origin: ORIGIN, 'access-control-request-method': 'GET' },
  });
  return answer.headers.get('access-control-allow-origin');
};
const grantBecomes = (expected: string | null) => expect.poll(preflightGrant, { timeout: 5_000 }).toBe(expected);

test('origins saved while the listener runs apply at once, on the same address', async () => {
  const started = expectOk<ListenerStatus>(await h.call('listener.start', {}));
  expect(await preflightGrant()).toBeNull();

  expectOk(await h.call('settings.update', { allowedOrigins: [ORIGIN] }));
  await grantBecomes(ORIGIN);
  expect(expectOk<ListenerStatus>(await h.call('listener.status', {}))).toMatchObject({ running: true, url: started.url, lastError: null });

  expectOk(await h.call('settings.update', { allowedOrigins: [] }));
  await grantBecomes(null);
});

test('origins set from the command line beside the app apply too', async () => {
  expectOk(await h.call('listener.start', {}));
  const set = await runCli(['settings', 'set', `allowedOrigins=${ORIGIN}`, '--db', h.t.file]);
  expect(set.code, set.stderr).toBe(0);
  await grantBecomes(ORIGIN);
});

test('a stopped listener stays stopped; another setting restarts nothing', async () => {
  expectOk(await h.call('settings.update', { allowedOrigins: [ORIGIN] }));
  expect(expectOk<ListenerStatus>(await h.call('listener.status', {})).running).toBe(false);

  expectOk(await h.call('listener.start', {}));
  // A keep-alive connection survives a change that needs no restart.
  const { Agent, request } = await import('node:http');
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const socketOf = () =>
    new Promise<object>((resolve, reject) => {
      const call = request(`http://127.0.0.1:${port}/health`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(call.socket!));
      });
      call.on('error', reject);
      call.end();
    });
  const before = await socketOf();
  expectOk(await h.call('settings.update', { shopName: 'Paws & Claws' }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(await socketOf()).toBe(before);
  agent.destroy();
  expect(await preflightGrant()).toBe(ORIGIN);
});
