/**
 * A till connected to a shop server, as one piece a host serves its pages from: the calls
 * (remote-handlers.ts), one follower of the server's events shared by every page (the last of them
 * held for a page that reconnects), and the link's state.
 */
import type { Dispatcher } from 'undici';
import type { StoreEvent } from '../../src-shared/schemas/event';
import type { AppInfo } from '../../src-shared/schemas/data';
import type { Handlers } from '../service/handler-types';
import { catchUpEvents } from './event-catch-up';
import { createEventReplay } from './event-replay';
import { createLinkState, type LinkState } from './link-state';
import { followRemoteEvents } from './remote-events';
import { createRemoteHandlers, type Invoke } from './remote-handlers';

export interface ConnectedTillOptions {
  server: string;
  secret: string;
  tillName: string;
  dispatcher?: Dispatcher;
  runtime: AppInfo['runtime'];
  /** What this machine does itself (the desktop's printing and dialogs). */
  local?: Partial<Handlers>;
  /** How many of the server's last events are held for a page that reconnects (event-replay.ts). */
  replayEvents?: number;
}

export interface ConnectedTill {
  invoke: Invoke;
  link: LinkState;
  /**
   * The server's events as they arrive, in log order; with `after` (a page's last id), first every
   * event after it that the page missed, each once. Returns the unsubscribe function.
   */
  subscribe(listener: (events: StoreEvent[]) => void, after?: number): () => void;
  stop(): void;
}

export function connectTill(options: ConnectedTillOptions): ConnectedTill {
  const link = createLinkState(options.server);
  const listeners = new Set<(events: StoreEvent[]) => void>();
  const replay = createEventReplay(options.replayEvents);
  const handlers = createRemoteHandlers({ ...options, link });
  const events = followRemoteEvents({
    origin: options.server,
    secret: options.secret,
    dispatcher: options.dispatcher,
    link,
    onEvents: (batch) => {
      replay.add(batch);
      listeners.forEach((listener) => listener(batch));
    },
  });

  /** Live events to `listener`, after what it missed since `after`: held here, or read again from the server. */
  function resume(listener: (events: StoreEvent[]) => void, after: number): () => void {
    let last = after;
    let live = false;
    let stopped = false;
    const queued: StoreEvent[] = [];
    const send = (events: StoreEvent[]) => {
      const fresh = events.filter((event) => event.id > last);
      if (fresh.length === 0 || stopped) return;
      last = fresh.at(-1)!.id;
      listener(fresh);
    };
    const follower = (batch: StoreEvent[]) => {
      if (live) send(batch);
      else queued.push(...batch);
    };
    listeners.add(follower);
    void (async () => {
      for (let held = replay.after(last); !held && !stopped; held = replay.after(last)) {
        try {
          const through = replay.droppedThrough;
          send(await catchUpEvents({ origin: options.server, secret: options.secret, dispatcher: options.dispatcher, after: last, through }));
          last = Math.max(last, through); // the server's log up to there is read, even where it holds no event
        } catch (error) {
          // The server cannot say now (the link is down: the banner says what is shown may be old).
          console.error('A page’s missed events could not be read from the shop server:', error);
          break;
        }
      }
      send(replay.after(last) ?? []);
      live = true;
      send(queued);
    })();
    return () => {
      stopped = true;
      listeners.delete(follower);
    };
  }
  // A call that reached the server while the stream waits out its pause: follow again now.
  link.subscribe((status) => status.state === 'up' && events.retryNow());
  return {
    invoke: handlers.invoke,
    link,
    subscribe(listener, after) {
      if (after !== undefined) return resume(listener, after);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      handlers.stop();
      events.stop();
    },
  };
}
