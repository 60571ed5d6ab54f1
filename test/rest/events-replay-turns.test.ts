/**
 * A long replay of the change log to a client that reads as fast as it is sent (a separate
 * process, as a sync job would be) leaves the server's other clients their turn: the headless
 * server is a separate process here, so that the client really drains its socket meanwhile.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { connectRaw } from './support/transport';
import { openStore } from '../../src-main/service/store';
import { tempDir } from '../helpers/temp-store';
import { killAll, startServe } from './support/processes';

const TOKEN = 'replay-turns-secret-token';
const EVENTS = 60_000;

let dir: string;
let cleanup: () => void;

beforeEach(() => {
  ({ dir, cleanup } = tempDir('petstore-replay-'));
});
afterEach(async () => {
  await killAll();
  cleanup();
});

test('while a fast reader replays a long log, another request is answered before the replay ends', async () => {
  const file = join(dir, 'store.db');
  const store = openStore(file);
  store.db.transaction(() => {
    for (let i = 1; i <= EVENTS; i++) store.context.events.append('category.deleted', { id: i, name: `Gone ${i}` });
  })();
  store.close();
  const server = await startServe(file, { PETSTORE_API_TOKEN: TOKEN });
  const port = server.port;

  // The stream's reader: counts the events it has received, reading everything at once.
  let received = 0;
  let firstData: () => void;
  const started = new Promise<void>((resolve) => (firstData = resolve));
  const replayed = new Promise<void>((resolve) => {
    const socket = connectRaw(port, '127.0.0.1');
    socket.write(`GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${TOKEN}\r\n\r\n`);
    socket.setEncoding('utf8');
    // Each event is one write (one HTTP chunk), so "\nevent: " is never cut by chunk framing; a
    // read may end inside it, so the last characters are kept for the next read.
    let unread = '';
    socket.on('data', (chunk: string) => {
      unread += chunk;
      let from = 0;
      for (let at = unread.indexOf('\nevent: '); at !== -1; at = unread.indexOf('\nevent: ', from)) {
        received++;
        from = at + 1;
      }
      unread = unread.slice(Math.max(from, unread.length - 8));
      firstData();
      if (received >= EVENTS) {
        socket.destroy();
        resolve();
      }
    });
  });

  await started;
  const health = await fetch(`${server.origin}/health`);
  const receivedWhenAnswered = received;
  expect(health.status).toBe(200);
  await replayed;
  expect(receivedWhenAnswered, 'events the stream had received when the other request was answered').toBeLessThan(EVENTS / 2);
}, 60_000);
