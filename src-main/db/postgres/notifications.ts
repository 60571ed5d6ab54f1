import pg from 'pg';

/** How long a broken LISTEN connection waits before it connects again. */
const RECONNECT_MS = 1000;

export interface Notifications {
  /** Each payload sent on `channel` by any process (this one too), from once LISTEN is in place. */
  on(channel: string, listener: (payload: string) => void): () => void;
  /** Told after the connection was lost and is back: what was sent meanwhile was not heard. */
  onGap(listener: () => void): () => void;
  /** Whether notifications are heard now. */
  readonly listening: boolean;
  /** Resolves once LISTEN is in place on every channel asked for so far. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** Sends `payload` (at most 7,999 bytes) on `channel` now (outside any transaction). */
export async function notify(pool: pg.Pool, channel: string, payload: string): Promise<void> {
  await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

/**
 * One LISTEN connection per process for any number of channels (a connection of its own: a pooled
 * one is handed to others between queries). It connects again after a loss, and says so (`onGap`).
 */
export function listenForNotifications(connectionString: string): Notifications {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const gapListeners = new Set<() => void>();
  let client: pg.Client | undefined;
  let connected: Promise<void> | undefined;
  let listening = false;
  let everListened = false;
  let closed = false;

  function connect(): Promise<void> {
    const own = new pg.Client({ connectionString, application_name: 'pet-store-clerk notifications' });
    client = own;
    own.on('notification', ({ channel, payload }) => {
      for (const listener of listeners.get(channel) ?? []) {
        try {
          listener(payload ?? '');
        } catch (error) {
          console.error('[petstore] a notification listener failed:', error);
        }
      }
    });
    own.on('error', () => lost(own));
    own.on('end', () => lost(own));
    return own
      .connect()
      .then(() => Promise.all([...listeners.keys()].map((channel) => own.query(`LISTEN ${quoted(channel)}`))))
      .then(() => {
        if (client !== own) return;
        listening = true;
        if (everListened) for (const listener of gapListeners) listener();
        everListened = true;
      })
      .catch((error: unknown) => {
        if (client === own && !closed) console.error('[petstore] listening for notifications failed:', (error as Error).message);
        lost(own);
      });
  }

  function lost(own: pg.Client): void {
    if (client !== own) return;
    client = undefined;
    listening = false;
    void own.end().catch(() => undefined);
    if (closed) return;
    // Whatever was sent until the next connection is not heard: listeners are told once it is back.
    everListened = true;
    setTimeout(() => {
      if (!closed && !client) connected = connect();
    }, RECONNECT_MS).unref();
  }

  return {
    on(channel, listener) {
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        if (client && listening) connected = client.query(`LISTEN ${quoted(channel)}`).then(() => undefined, () => undefined);
      }
      set.add(listener);
      if (!client && !closed) connected = connect();
      return () => set.delete(listener);
    },
    onGap(listener) {
      gapListeners.add(listener);
      return () => gapListeners.delete(listener);
    },
    get listening() {
      return listening;
    },
    async ready() {
      await connected;
    },
    async close() {
      closed = true;
      listening = false;
      const own = client;
      client = undefined;
      await own?.end().catch(() => undefined);
    },
  };
}

/** A channel name as an identifier (LISTEN takes no parameter). */
const quoted = (channel: string) => `"${channel.replaceAll('"', '""')}"`;
