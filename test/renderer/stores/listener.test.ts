import type { AddressInfo, Server } from 'node:net';
import { freePort, occupyPort } from '../../helpers/ports';
import { afterEach, expect, test } from 'vitest';
import { isLoopbackHost } from '../../../src-shared/thresholds';
import { useListenerStore } from '../../../src-renderer/stores/listener';
import { useSettingsStore } from '../../../src-renderer/stores/settings';
import { useRealApi, type RendererHarness } from '../support/real-api';

let h: RendererHarness | undefined;
let blocker: Server | undefined;
afterEach(async () => {
  // A listener left running would keep the test process alive.
  if (h) await useListenerStore().stop();
  h?.close();
  h = undefined;
  await new Promise((resolve) => (blocker ? blocker.close(resolve) : resolve(null)));
  blocker = undefined;
});

test('start serves the REST API at the configured address; stop ends it; both are remembered', async () => {
  h = useRealApi();
  const listener = useListenerStore();
  const port = await freePort();
  await listener.changeAddress({ listenerHost: '127.0.0.1', listenerPort: port });
  expect(listener.status).toMatchObject({ running: false, port, url: null });

  const status = await listener.start();
  expect(status).toMatchObject({ running: true, host: '127.0.0.1', port, url: `http://127.0.0.1:${port}/v1`, lastError: null });
  expect(listener.running).toBe(true);
  expect(listener.docsUrl).toBe(`http://127.0.0.1:${port}/docs`);
  expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
  expect(h.ok('settings.get').listenerEnabled).toBe(true);

  await listener.stop();
  expect(listener.running).toBe(false);
  expect(listener.docsUrl).toBeNull();
  await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  expect(h.ok('settings.get').listenerEnabled).toBe(false);
});

test('a port in use is reported as the last error, not thrown', async () => {
  h = useRealApi();
  blocker = await occupyPort();
  const { port } = blocker.address() as AddressInfo;
  const listener = useListenerStore();
  await listener.changeAddress({ listenerHost: '127.0.0.1', listenerPort: port });
  const status = await listener.start();
  expect(status).toMatchObject({ running: false, url: null, lastError: `Port ${port} is already in use` });
  expect(listener.running).toBe(false);
});

test('a new address while running restarts the listener there; while stopped it is only saved', async () => {
  h = useRealApi();
  const listener = useListenerStore();
  const settings = useSettingsStore();
  const first = await freePort();
  const stopped = await listener.changeAddress({ listenerHost: '127.0.0.1', listenerPort: first });
  expect(stopped.restarted).toBe(false);
  expect(settings.settings.listenerPort).toBe(first); // the shared settings store follows
  await listener.start();

  const second = await freePort();
  const moved = await listener.changeAddress({ listenerHost: '127.0.0.1', listenerPort: second });
  expect(moved.restarted).toBe(true);
  expect(moved.status).toMatchObject({ running: true, port: second, url: `http://127.0.0.1:${second}/v1` });
  expect((await fetch(`http://127.0.0.1:${second}/health`)).status).toBe(200);
  await expect(fetch(`http://127.0.0.1:${first}/health`)).rejects.toThrow();
  expect(h.ok('settings.get')).toMatchObject({ listenerPort: second, listenerHost: '127.0.0.1' });
});

test('moving a running listener to a port in use keeps it where it was, with the old address saved', async () => {
  h = useRealApi();
  const listener = useListenerStore();
  const settings = useSettingsStore();
  const first = await freePort();
  await listener.changeAddress({ listenerHost: '127.0.0.1', listenerPort: first });
  await listener.start();
  blocker = await occupyPort();
  const { port: taken } = blocker.address() as AddressInfo;

  const refused = await listener.changeAddress({ listenerHost: '127.0.0.1', listenerPort: taken });
  expect(refused.status).toMatchObject({
    running: true,
    port: first,
    url: `http://127.0.0.1:${first}/v1`,
    lastError: `Port ${taken} is already in use: the listener still runs at http://127.0.0.1:${first}/v1`,
  });
  expect((await fetch(`http://127.0.0.1:${first}/health`)).status).toBe(200);
  expect(h.ok('settings.get')).toMatchObject({ listenerPort: first, listenerEnabled: true });
  expect(settings.settings.listenerPort).toBe(first);
  // The store keeps the message for this window; the service has nothing wrong to report afterwards.
  expect(listener.moveError).toBe(`Port ${taken} is already in use: the listener still runs at http://127.0.0.1:${first}/v1`);
  await listener.refresh();
  expect(listener.status).toMatchObject({ running: true, port: first, lastError: null });
  expect(listener.moveError).not.toBeNull();
  listener.dismissMoveError();
  expect(listener.moveError).toBeNull();

  // A good address afterwards moves it and clears the error.
  const next = await freePort();
  const moved = await listener.changeAddress({ listenerHost: '127.0.0.1', listenerPort: next });
  expect(moved.status).toMatchObject({ running: true, port: next, lastError: null });
});

test('saving an address while stopped clears the last start error', async () => {
  h = useRealApi();
  blocker = await occupyPort();
  const { port: taken } = blocker.address() as AddressInfo;
  const listener = useListenerStore();
  await listener.changeAddress({ listenerHost: '127.0.0.1', listenerPort: taken });
  expect((await listener.start()).lastError).toBe(`Port ${taken} is already in use`);
  const saved = await listener.changeAddress({ listenerHost: '127.0.0.1', listenerPort: await freePort() });
  expect(saved.status).toMatchObject({ running: false, lastError: null });
});

test('an invalid address is refused by the shared schema and nothing changes', async () => {
  h = useRealApi();
  const listener = useListenerStore();
  await listener.load();
  const refusal = await listener.changeAddress({ listenerHost: 'my laptop', listenerPort: 70000 }).catch((error: unknown) => error);
  expect(refusal).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
  expect(h.ok('settings.get')).toMatchObject({ listenerHost: '127.0.0.1', listenerPort: 8787 });
});

test('isLoopbackHost tells the addresses only this machine can reach', () => {
  for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', ' LOCALHOST ']) expect(isLoopbackHost(host), host).toBe(true);
  for (const host of ['0.0.0.0', '192.168.1.20', '::', '10.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
});
