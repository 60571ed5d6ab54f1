import { afterEach, expect, test } from 'vitest';
import { useAccessStore } from '../../../src-renderer/stores/access';
import { useAppInfoStore } from '../../../src-renderer/stores/app-info';
import { useSignInStore } from '../../../src-renderer/stores/sign-in';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness;
afterEach(() => h?.close());

test('on a till connected to a shop server, the owner’s in-process work is the server machine’s; its REST work is the owner’s', async () => {
  // app.info as a connected till answers it (remote-handlers.ts): the rest is the real service.
  h = useRealApi({
    desk: true,
    around: async (operation, _input, call) => {
      const answer = await call();
      return operation === 'app.info' && answer.ok ? { ok: true, data: { ...(answer.data as object), connection: { server: 'https://192.0.2.1:8787', tillName: 'Counter 2' } } } : answer;
    },
  });
  const access = useAccessStore();
  await useSignInStore().load();
  expect(access.mayCall('tokens.list')).toBe(true); // before app.info answers: as a store of its own
  await useAppInfoStore().load();
  // Logins off: the till's user is the owner, but tokens, backups and the settings stay on the server.
  expect(access.mayCall('tokens.list')).toBe(false);
  expect(access.mayCall('settings.update')).toBe(false);
  expect(access.mayCall('backup.create')).toBe(false);
  expect(access.mayCall('reports.sales')).toBe(true);
  expect(access.mayCall('categories.create')).toBe(true);
  expect(access.mayCall('sales.create')).toBe(true);
});

test('with logins on and a clerk signed in, only what is not an owner’s', async () => {
  h = useRealApi({ desk: true });
  h.ok('clerks.create', { name: 'Olga', role: 'owner', pin: '1234' });
  const ben = h.ok('clerks.create', { name: 'Ben', role: 'clerk', pin: '2468' });
  h.ok('settings.update', { clerkLogins: true });
  const access = useAccessStore();
  const signIn = useSignInStore();
  await signIn.load();
  await signIn.start(ben.id, '2468');
  for (const owners of ['reports.sales', 'categories.create', 'pets.delete', 'pets.bulkUpdate', 'customers.forget', 'tokens.list', 'clerks.create'] as const) {
    expect(access.mayCall(owners), owners).toBe(false);
  }
  for (const anyClerk of ['sales.create', 'refunds.create', 'reports.day', 'inventory.adjust', 'pets.create', 'clerks.list'] as const) {
    expect(access.mayCall(anyClerk), anyClerk).toBe(true);
  }
});
