/**
 * What a till's shop server keeps its store on (stores/app-info.ts `loadServerStore`): the server's
 * health answer, asked only on a till. The answer on PostgreSQL is the service suite's
 * (test/service/operations.test.ts) and a real one's in test/e2e/settings-till-store.spec.ts.
 */
import { afterEach, expect, test } from 'vitest';
import type { ApiResult } from '../../../src-shared/api-result';
import { StoreError } from '../../../src-shared/errors';
import { useAppInfoStore } from '../../../src-renderer/stores/app-info';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

/** app.info as a connected till answers it (remote-handlers.ts); `health` answers the server's health, else the real service does. */
function till(health?: () => Promise<ApiResult<unknown>>): RendererHarness {
  return useRealApi({
    around: async (operation, _input, call) => {
      if (operation === 'service.health' && health) return health();
      const answer = await call();
      return operation === 'app.info' && answer.ok ? { ok: true, data: { ...(answer.data as object), connection: { server: 'https://192.0.2.1:8787', tillName: 'Counter 2' } } } : answer;
    },
  });
}

test('a till of a server on a SQLite file: sqlite', async () => {
  h = till();
  const appInfo = useAppInfoStore();
  expect(await appInfo.loadServerStore()).toBe('sqlite');
  expect(appInfo.serverStore).toBe('sqlite');
  expect(h.invoked).toContain('service.health');
});

test('a store of its own asks nothing: it is no till, and its backups are its own', async () => {
  h = useRealApi();
  const appInfo = useAppInfoStore();
  expect(await appInfo.loadServerStore()).toBeNull();
  expect(h.invoked).not.toContain('service.health');
});

test('a server on PostgreSQL says so, and one that cannot be reached then leaves what was known', async () => {
  let reachable = true;
  h = till(async () => (reachable ? { ok: true, data: { status: 'ok', version: '1', apiVersion: '1.0.0', store: 'postgresql' } } : { ok: false, error: new StoreError('SERVER_UNREACHABLE', 'The shop server cannot be reached').toBody() }));
  const appInfo = useAppInfoStore();
  expect(await appInfo.loadServerStore()).toBe('postgresql');
  reachable = false;
  expect(await appInfo.loadServerStore()).toBe('postgresql');
});
