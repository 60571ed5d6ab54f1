import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreEvent } from '../../src-shared/schemas/event';
import type { BrowserHost } from '../../src-main/browser-host/server';
import { EVENTS_PER_MESSAGE } from '../../src-main/host/event-batches';
import { openTestStore, type TestStore } from '../helpers/temp-store';
import { startTestHost } from './http';

interface Message {
  id: number;
  events: StoreEvent[];
}

/**
 * Reads the bridge's event stream until `count` events have come (or the time runs out), calling
 * `onConnected` once the host follows the log (its `: connected` comment).
 */
async function readEvents(url: string, count: number, { headers = {}, onConnected = () => {} }: { headers?: Record<string, string>; onConnected?: () => void } = {}): Promise<Message[]> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 10_000);
  const response = await fetch(url, { headers, signal: abort.signal });
  const messages: Message[] = [];
  let text = '';
  try {
    const decoder = new TextDecoder();
    for await (const chunk of response.body!) {
      text += decoder.decode(chunk, { stream: true });
      if (text.startsWith(': connected\n\n')) {
        text = text.slice(': connected\n\n'.length);
        onConnected();
      }
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const frame = text.slice(0, end);
        text = text.slice(end + 2);
        const id = /^id: (\d+)$/m.exec(frame);
        const data = /^data: (.*)$/m.exec(frame);
        if (id && data) messages.push({ id: Number(id[1]), events: JSON.parse(data[1]) as StoreEvent[] });
      }
      if (messages.flatMap((message) => message.events).length >= count) break;
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error; // out of time: the assertions say what is missing
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  return messages;
}

describe('the browser host’s event stream (the page’s window.petstore.onEvent)', () => {
  let t: TestStore;
  let host: BrowserHost;

  beforeEach(async () => {
    t = openTestStore();
    host = await startTestHost(t);
  });
  afterEach(async () => {
    await host.close();
    t.close();
  });

  it('follows the log from when it connects when no id is given (as the bridge opens it): the earlier log is not sent again', async () => {
    t.ok('categories.create', { name: 'Before' });
    const messages = await readEvents(new URL(`__petstore/events?secret=${host.secret}`, host.url).href, 1, {
      onConnected: () => t.ok('categories.create', { name: 'After' }),
    });
    const events = messages.flatMap((message) => message.events);
    expect(events.map((event) => [event.type, (event.data as { name?: string }).name])).toEqual([['category.created', 'After']]);
  });

  it('carries an import’s events in order, a few hundred to a message, each message resumable from its id', async () => {
    const { id: categoryId } = t.ok('categories.create', { name: 'Dogs' });
    const start = t.store.context.events.latestId();
    const rows = EVENTS_PER_MESSAGE + 100; // a pet.created each (more events than one message holds)
    const content = JSON.stringify(Array.from({ length: rows }, (_, i) => ({ name: `Rex ${i + 1}`, category: categoryId, stock: 1 })));
    // Imported while the stream follows the log live (not replayed when it connects).
    let imported = 0;
    const messages = await readEvents(new URL(`__petstore/events?after=${start}&secret=${host.secret}`, host.url).href, rows, {
      onConnected: () => (imported = t.ok('data.import', { format: 'json', content }).imported),
    });
    expect(imported).toBe(rows);
    const events = messages.flatMap((message) => message.events);
    const logged = t.store.context.events.after(start, 10_000);
    expect(events.map((event) => event.id)).toEqual(logged.map((event) => event.id));
    expect(events.filter((event) => event.type === 'pet.created')).toHaveLength(rows);
    expect(messages.map((message) => message.events.length)).toEqual([EVENTS_PER_MESSAGE, logged.length - EVENTS_PER_MESSAGE]);
    for (const message of messages) expect(message.id).toBe(message.events.at(-1)!.id);

    // EventSource reconnects with the last id it saw: the stream goes on after that message.
    const resumed = await readEvents(new URL(`__petstore/events?after=${start}&secret=${host.secret}`, host.url).href, logged.length - EVENTS_PER_MESSAGE, {
      headers: { 'Last-Event-ID': String(messages[0].id) },
    });
    expect(resumed.flatMap((message) => message.events).map((event) => event.id)).toEqual(messages[1].events.map((event) => event.id));
  });
});
