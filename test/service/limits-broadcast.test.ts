/**
 * The limits' broadcast (src-main/service/limits-broadcast.ts): a process's counts reach the others
 * batched within 50 ms, never itself, in payloads PostgreSQL takes (under 8,000 bytes), and
 * anything else on the channel is ignored.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { createLimitsBroadcast, LIMITS_BROADCAST_MS, LIMITS_PAYLOAD_MAX_BYTES, type LimitKind } from '../../src-main/service/limits-broadcast';
import { memoryLimitsHub } from '../helpers/memory-limits-channel';

afterEach(() => {
  vi.useRealTimers();
});

/** Two processes on one channel; what `there` hears, as `kind key time`. */
function twoProcesses() {
  const hub = memoryLimitsHub();
  const here = createLimitsBroadcast(hub.channel());
  const there = createLimitsBroadcast(hub.channel());
  const heard: string[] = [];
  const heardHere: string[] = [];
  for (const kind of ['request', 'authFailure', 'pinFailure', 'pinSuccess'] as LimitKind[]) {
    there.on(kind, (key, time) => heard.push(`${kind} ${key} ${time}`));
    here.on(kind, (key, time) => heardHere.push(`${kind} ${key} ${time}`));
  }
  return { hub, here, there, heard, heardHere };
}

test('counts are sent together once 50 ms have passed, and heard by the other process with their times, not by the sender', () => {
  vi.useFakeTimers();
  const { hub, here, heard, heardHere } = twoProcesses();
  here.send('request', '7', 1_700_000_000_000);
  here.send('request', '7', 1_700_000_000_003);
  here.send('authFailure', '10.0.0.9', 1_700_000_000_001);
  here.send('pinFailure', '2:5', 1_700_000_000_010);
  here.send('pinSuccess', 'desk:6', 1_700_000_000_020);
  vi.advanceTimersByTime(LIMITS_BROADCAST_MS - 1);
  expect(hub.sent).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(hub.sent).toHaveLength(1);
  expect(heard.sort()).toEqual(
    [
      'request 7 1700000000000',
      'request 7 1700000000003',
      'authFailure 10.0.0.9 1700000000001',
      'pinFailure 2:5 1700000000010',
      'pinSuccess desk:6 1700000000020',
    ].sort(),
  );
  // Its own payload came back to the sender on the channel (as NOTIFY does): it ignored it.
  expect(heardHere).toEqual([]);
  // Nothing to send: nothing is sent.
  vi.advanceTimersByTime(10 * LIMITS_BROADCAST_MS);
  expect(hub.sent).toHaveLength(1);
});

test('a batch too large for one payload is split: each under 8,000 bytes, every count arrives once', () => {
  const { hub, here, heard } = twoProcesses();
  const expected: string[] = [];
  const base = 1_700_000_000_000;
  // 200 tokens with 20 requests each, one token with 3,000 (one group split over payloads), and keys of many-byte letters.
  for (let token = 1; token <= 200; token++) {
    for (let i = 0; i < 20; i++) {
      here.send('request', String(token), base + token * 7 + i);
      expected.push(`request ${token} ${base + token * 7 + i}`);
    }
  }
  for (let i = 0; i < 3_000; i++) {
    here.send('request', '999', base + 100_000 + i);
    expected.push(`request 999 ${base + 100_000 + i}`);
  }
  for (let i = 0; i < 300; i++) {
    const key = `${i}:${'é'.repeat(40)}`;
    here.send('pinFailure', key, base + i);
    expected.push(`pinFailure ${key} ${base + i}`);
  }
  here.flush();
  expect(hub.sent.length).toBeGreaterThan(3);
  for (const payload of hub.sent) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(LIMITS_PAYLOAD_MAX_BYTES);
  expect(heard.sort()).toEqual(expected.sort());
});

test('anything else on the channel is ignored, not thrown', () => {
  const { hub, heard } = twoProcesses();
  const channel = hub.channel();
  for (const payload of ['', 'not json', 'null', '[]', '{"p":1}', '{"p":"x","b":"1","e":[]}', '{"p":"x","b":1,"e":[["r",7,[1]],["?","k",[1]],["r","k",["a"]],5]}']) {
    expect(() => channel.publish(payload)).not.toThrow();
  }
  expect(heard).toEqual([]);
});

test('closing sends what waits and stops hearing', () => {
  const { hub, here, there, heard, heardHere } = twoProcesses();
  here.send('authFailure', '10.0.0.1', 1_000);
  here.close();
  expect(hub.sent).toHaveLength(1);
  expect(heard).toEqual(['authFailure 10.0.0.1 1000']);
  there.send('authFailure', '10.0.0.2', 2_000);
  there.flush();
  expect(hub.sent).toHaveLength(2);
  expect(heardHere).toEqual([]);
});
