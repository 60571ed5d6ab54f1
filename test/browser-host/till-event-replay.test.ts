/**
 * A till host's page whose own event stream drops gets, when it reconnects with its last id, every
 * event it missed once and in order: from the host's held events, or from the shop server's log
 * when the host no longer holds them. Real listener, real browser host, real HTTP on 127.0.0.1.
 */
import { afterEach, beforeEach, expect, test } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StoreEvent } from '../../src-shared/schemas/event';
import { tillConnection } from '../../src-main/browser-host/connection';
import { startBrowserHost, type BrowserHost } from '../../src-main/browser-host/server';
import { connectTill, type ConnectedTill } from '../../src-main/remote/connected-till';
import { startListener, type RunningListener } from '../../src-main/rest/listener';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let shop: TestStore;
let listener: RunningListener;
let till: ConnectedTill | undefined;
let host: BrowserHost | undefined;

beforeEach(async () => {
  shop = openTestStore();
  listener = await startListener({ store: shop.store, host: '127.0.0.1', port: 0 });
});
afterEach(async () => {
  await host?.close();
  till?.stop();
  await listener.close();
  shop.close();
});

async function startTill(replayEvents?: number): Promise<void> {
  const secret = shop.ok('tokens.create', { label: 'till', scope: 'write' }).secret;
  till = connectTill({ server: `http://127.0.0.1:${listener.port}`, secret, tillName: 'Till 2', runtime: 'browser-host', replayEvents });
  const rendererDir = join(shop.dir, 'renderer');
  mkdirSync(rendererDir, { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><script type="module" src="/main.js"></script>');
  host = await startBrowserHost({ connection: tillConnection(till), rendererDir });
  await until(() => till!.link.current.state === 'up');
}

/** Resolves once `check` holds, asking every 10 ms; fails after `ms`. */
async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The page's stream as the bridge's EventSource opens it: its events and the id of each message, until `stop()`. */
function openPageStream(lastEventId?: number) {
  const abort = new AbortController();
  const events: StoreEvent[] = [];
  const ids: number[] = [];
  const headers: Record<string, string> = lastEventId === undefined ? {} : { 'Last-Event-ID': String(lastEventId) };
  let connected!: () => void;
  const following = new Promise<void>((resolve) => (connected = resolve));
  const done = (async () => {
    const response = await fetch(new URL(`__petstore/events?secret=${host!.secret}`, host!.url), { headers, signal: abort.signal });
    let text = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) {
        text += decoder.decode(chunk, { stream: true });
        if (text.includes(': connected\n\n')) connected();
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const frame = text.slice(0, end);
          text = text.slice(end + 2);
          const id = /^id: (\d+)$/m.exec(frame);
          const data = /^data: (.*)$/m.exec(frame);
          if (id && data && !/^event:/m.test(frame)) {
            ids.push(Number(id[1]));
            events.push(...(JSON.parse(data[1]) as StoreEvent[]));
          }
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
  })();
  return { events, ids, following, stop: () => (abort.abort(), done) };
}

/** `count` renames of the category, made on the server, and seen by the till host before the promise resolves. */
async function renamesOnServer(categoryId: number, from: number, count: number): Promise<void> {
  const seen: StoreEvent[] = [];
  const unsubscribe = till!.subscribe((batch) => seen.push(...batch));
  for (let i = from; i < from + count; i++) shop.ok('categories.update', { categoryId, changes: { name: `Dogs ${i}` } });
  await until(() => seen.length >= count);
  unsubscribe();
}

const names = (events: StoreEvent[]) => events.map((event) => (event.data as { name: string }).name);

test.each([
  ['held by the till host', undefined],
  ['read again from the shop server when the host holds fewer', 2],
])('a page that reconnects gets the events it missed once, in order: %s', async (_, replayEvents) => {
  await startTill(replayEvents);
  const { id: categoryId } = shop.ok('categories.create', { name: 'Dogs' });
  const first = openPageStream();
  await first.following;
  await renamesOnServer(categoryId, 1, 2);
  await until(() => first.events.length === 2);
  await first.stop(); // the page's stream drops

  await renamesOnServer(categoryId, 3, 5); // missed by the page
  const again = openPageStream(first.ids.at(-1));
  await until(() => again.events.length >= 5);
  await renamesOnServer(categoryId, 8, 1); // live again
  await until(() => again.events.length >= 6);
  await again.stop();

  expect(names(first.events)).toEqual(['Dogs 1', 'Dogs 2']);
  expect(names(again.events)).toEqual(['Dogs 3', 'Dogs 4', 'Dogs 5', 'Dogs 6', 'Dogs 7', 'Dogs 8']);
  const ids = [...first.events, ...again.events].map((event) => event.id);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  expect(new Set(ids).size).toBe(ids.length);
});
