import { describe, expect, it } from 'vitest';
import type { StoreEvent } from '../../src-shared/schemas/event';
import { batchEventsPerTurn, EVENTS_PER_MESSAGE } from '../../src-main/host/event-batches';

const event = (id: number): StoreEvent => ({ id, type: 'pet.deleted', at: '2026-11-24T12:00:00.000Z', data: { id, name: `Pet ${id}`, categoryId: 1, status: 'sold' } });
const nextTurn = () => new Promise((done) => setImmediate(done));

describe('batchEventsPerTurn', () => {
  it('sends the events of one turn as one message, in order, once the turn ends', async () => {
    const messages: number[][] = [];
    const push = batchEventsPerTurn((events) => messages.push(events.map((e) => e.id)));
    push(event(1));
    push(event(2));
    push(event(3));
    expect(messages).toEqual([]); // nothing until the turn's work (a commit's pump) is over
    await nextTurn();
    expect(messages).toEqual([[1, 2, 3]]);
  });

  it('splits a large turn into messages of at most EVENTS_PER_MESSAGE, losing and repeating none', async () => {
    const messages: number[][] = [];
    const push = batchEventsPerTurn((events) => messages.push(events.map((e) => e.id)));
    const count = 2 * EVENTS_PER_MESSAGE + 1;
    for (let id = 1; id <= count; id++) push(event(id));
    await nextTurn();
    expect(messages.map((ids) => ids.length)).toEqual([EVENTS_PER_MESSAGE, EVENTS_PER_MESSAGE, 1]);
    expect(messages.flat()).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  });

  it('sends later turns as messages of their own, and nothing when nothing happened', async () => {
    const messages: number[][] = [];
    const push = batchEventsPerTurn((events) => messages.push(events.map((e) => e.id)));
    await nextTurn();
    expect(messages).toEqual([]);
    push(event(1));
    await nextTurn();
    push(event(2));
    await nextTurn();
    expect(messages).toEqual([[1], [2]]);
  });
});

describe('batchEventsPerTurn when a message cannot be sent', () => {
  it('reports the failure and still sends the turn’s other messages and later turns', async () => {
    const messages: number[][] = [];
    const failures: unknown[] = [];
    let calls = 0;
    const push = batchEventsPerTurn(
      (events) => {
        calls += 1;
        if (calls === 1) throw new Error('Object has been destroyed'); // a window closing as the batch went
        messages.push(events.map((e) => e.id));
      },
      (error) => failures.push(error),
    );
    const count = EVENTS_PER_MESSAGE + 2;
    for (let id = 1; id <= count; id++) push(event(id));
    await nextTurn();
    expect(failures).toEqual([new Error('Object has been destroyed')]);
    expect(messages).toEqual([[EVENTS_PER_MESSAGE + 1, EVENTS_PER_MESSAGE + 2]]);
    push(event(count + 1));
    await nextTurn();
    expect(messages.at(-1)).toEqual([count + 1]);
  });
});
