import { randomBytes } from 'node:crypto';

/** How long a count waits before it is sent: the limits are shared across processes within this. */
export const LIMITS_BROADCAST_MS = 50;
/** A payload's most bytes (PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more). */
export const LIMITS_PAYLOAD_MAX_BYTES = 7_999;

/** Where the server processes of one store tell each other what they counted: a channel that reaches each of them (this one too). */
export interface LimitsChannel {
  publish(payload: string): void;
  onMessage(listener: (payload: string) => void): () => void;
}

/**
 * What a process counts against a shared budget: a request accepted for a token (`request`), a failed
 * authentication from an address (`authFailure`), a wrong or right PIN for a till and clerk.
 */
export type LimitKind = 'request' | 'authFailure' | 'pinFailure' | 'pinSuccess';
const CODES: Record<LimitKind, string> = { request: 'r', authFailure: 'a', pinFailure: 'f', pinSuccess: 's' };
const KINDS = new Map(Object.entries(CODES).map(([kind, code]) => [code, kind as LimitKind]));

export interface LimitsBroadcast {
  /** Counts one of this process's at wall-clock `time` (Date.now): the others hear it within LIMITS_BROADCAST_MS. */
  send(kind: LimitKind, key: string, time: number): void;
  /** Each count another process sent of `kind` (this process's own are not heard). */
  on(kind: LimitKind, listener: (key: string, time: number) => void): () => void;
  /** Sends what waits now (a test, or before closing). */
  flush(): void;
  /** Sends what waits and stops hearing. */
  close(): void;
}

/**
 * Batches this process's counts on `channel` and hands on the others' (docs/decisions.md#limits-are-shared-across-server-processes).
 * A payload is `{"p":process,"b":base time,"e":[[kind,key,[time − base,…]],…]}`, split to stay under 8,000 bytes.
 */
export function createLimitsBroadcast(channel: LimitsChannel, processId = randomBytes(8).toString('hex')): LimitsBroadcast {
  const pending = new Map<string, { code: string; key: string; times: number[] }>();
  const listeners = new Map<LimitKind, Set<(key: string, time: number) => void>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = channel.onMessage(hear);

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.size === 0) return;
    const groups = [...pending.values()];
    pending.clear();
    for (const payload of encode(processId, groups)) channel.publish(payload);
  }

  function hear(payload: string): void {
    const message = decode(payload);
    if (!message || message.p === processId) return;
    for (const [code, key, offsets] of message.e) {
      const kind = KINDS.get(code);
      const heard = kind && listeners.get(kind);
      if (!heard) continue;
      for (const offset of offsets) for (const listener of heard) listener(key, message.b + offset);
    }
  }

  return {
    send(kind, key, time) {
      const code = CODES[kind];
      const id = `${code}\u0000${key}`;
      let group = pending.get(id);
      if (!group) pending.set(id, (group = { code, key, times: [] }));
      group.times.push(time);
      if (!timer) {
        timer = setTimeout(flush, LIMITS_BROADCAST_MS);
        timer.unref(); // a count not yet sent never keeps a stopping server up
      }
    },
    on(kind, listener) {
      let set = listeners.get(kind);
      if (!set) listeners.set(kind, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
    flush,
    close() {
      flush();
      unsubscribe();
    },
  };
}

type Entry = [code: string, key: string, offsets: number[]];
interface Message {
  p: string;
  b: number;
  e: Entry[];
}

/** The groups as payloads of at most LIMITS_PAYLOAD_MAX_BYTES each; a group too long for one is split over several. */
export function encode(processId: string, groups: { code: string; key: string; times: number[] }[]): string[] {
  let base = Infinity;
  for (const group of groups) for (const time of group.times) base = Math.min(base, time);
  const head = `{"p":${JSON.stringify(processId)},"b":${base},"e":[`;
  const room = LIMITS_PAYLOAD_MAX_BYTES - Buffer.byteLength(head) - 2; // the closing `]}`
  const payloads: string[] = [];
  let entries: string[] = [];
  let used = 0;
  const add = (entry: string, bytes: number) => {
    if (entries.length && used + 1 + bytes > room) {
      payloads.push(`${head}${entries.join(',')}]}`);
      entries = [];
      used = 0;
    }
    used += (entries.length ? 1 : 0) + bytes;
    entries.push(entry);
  };
  for (const { code, key, times } of groups) {
    const prefix = `[${JSON.stringify(code)},${JSON.stringify(key)},[`;
    const prefixBytes = Buffer.byteLength(prefix) + 2;
    if (prefixBytes + 16 > room) continue; // a key no payload can carry (none of ours is near it)
    let offsets: string[] = [];
    let bytes = prefixBytes;
    for (const time of times) {
      const offset = String(time - base);
      if (bytes + offset.length + 1 > room) {
        add(`${prefix}${offsets.join(',')}]]`, bytes);
        offsets = [];
        bytes = prefixBytes;
      }
      bytes += offset.length + (offsets.length ? 1 : 0);
      offsets.push(offset);
    }
    add(`${prefix}${offsets.join(',')}]]`, bytes);
  }
  if (entries.length) payloads.push(`${head}${entries.join(',')}]}`);
  return payloads;
}

/** A payload as sent by `encode`, or undefined for anything else (it is ignored, never thrown). */
function decode(payload: string): Message | undefined {
  let message: unknown;
  try {
    message = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const { p, b, e } = (message ?? {}) as Partial<Message>;
  if (typeof p !== 'string' || typeof b !== 'number' || !Array.isArray(e)) return undefined;
  const entries = e.filter(
    (entry): entry is Entry =>
      Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string' && Array.isArray(entry[2]) && entry[2].every((offset) => typeof offset === 'number'),
  );
  return { p, b, e: entries };
}
