/**
 * A till connected to a shop server, as one piece a host serves its pages from: the calls
 * (remote-handlers.ts), one follower of the server's events shared by every page, and the link's state.
 */
import type { Dispatcher } from 'undici';
import type { StoreEvent } from '../../src-shared/schemas/event';
import type { AppInfo } from '../../src-shared/schemas/data';
import type { Handlers } from '../service/handler-types';
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
}

export interface ConnectedTill {
  invoke: Invoke;
  link: LinkState;
  /** The server's events as they arrive, in log order; returns the unsubscribe function. */
  subscribe(listener: (events: StoreEvent[]) => void): () => void;
  stop(): void;
}

export function connectTill(options: ConnectedTillOptions): ConnectedTill {
  const link = createLinkState(options.server);
  const listeners = new Set<(events: StoreEvent[]) => void>();
  const handlers = createRemoteHandlers({ ...options, link });
  const events = followRemoteEvents({
    origin: options.server,
    secret: options.secret,
    dispatcher: options.dispatcher,
    link,
    onEvents: (batch) => listeners.forEach((listener) => listener(batch)),
  });
  // A call that reached the server while the stream waits out its pause: follow again now.
  link.subscribe((status) => status.state === 'up' && events.retryNow());
  return {
    invoke: handlers.invoke,
    link,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      handlers.stop();
      events.stop();
    },
  };
}
