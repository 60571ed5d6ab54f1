/**
 * The live event feed after commits made while nobody listened (the headless server's usual state:
 * it reads nothing from the log then): a new subscriber hears only what commits from then on, and
 * a stream resuming from an id (SSE, the browser host) gets every event after it.
 */
import { afterEach, expect, test } from 'vitest';
import type { StoreEvent } from '../../src-shared/schemas/event';
import { followEventLog } from '../../src-main/service/event-feed';
import { openTestStore, type TestStore } from '../helpers/temp-store';

let t: TestStore;
afterEach(() => t?.close());

test('a subscriber that comes after unheard commits hears only the later ones', () => {
  t = openTestStore();
  t.ok('categories.create', { name: 'Unheard 1' });
  t.ok('categories.create', { name: 'Unheard 2' });
  const heard: StoreEvent[] = [];
  const unsubscribe = t.store.feed.subscribe((event) => heard.push(event));
  t.ok('categories.create', { name: 'Heard' });
  unsubscribe();
  t.ok('categories.create', { name: 'Unheard 3' });
  const again: StoreEvent[] = [];
  const stop = t.store.feed.subscribe((event) => again.push(event));
  t.ok('categories.create', { name: 'Heard again' });
  stop();
  expect(heard.map((event) => (event.data as { name: string }).name)).toEqual(['Heard']);
  expect(again.map((event) => (event.data as { name: string }).name)).toEqual(['Heard again']);
});

test('a stream resuming from an id gets every event after it, then the new ones, once each', () => {
  t = openTestStore();
  t.ok('categories.create', { name: 'Before the cursor' });
  const cursor = t.ok('events.list', { after: 0, limit: 100 }).at(-1)!.id;
  t.ok('categories.create', { name: 'Missed 1' });
  t.ok('categories.create', { name: 'Missed 2' });
  const sent: StoreEvent[] = [];
  const stop = followEventLog(t.store.feed, t.store.context.events, cursor, (event) => sent.push(event));
  t.ok('categories.create', { name: 'Live' });
  stop();
  expect(sent.map((event) => (event.data as { name: string }).name)).toEqual(['Missed 1', 'Missed 2', 'Live']);
  expect(new Set(sent.map((event) => event.id)).size).toBe(sent.length);
});
