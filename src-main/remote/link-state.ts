/**
 * Whether a connected till reaches its shop server, as last seen by the event stream or a call:
 * one state for the page's banner, told to listeners only when it changes.
 */
import type { LinkStatus } from '../../src-shared/bridge';

export interface LinkState {
  readonly current: LinkStatus;
  /** What was just seen: the server answered (up) or could not be reached (down, with why). */
  report(status: LinkStatus): void;
  /** Called with each change; returns the unsubscribe function. */
  subscribe(listener: (status: LinkStatus) => void): () => void;
}

export function createLinkState(server: string): LinkState {
  let current: LinkStatus = { state: 'connecting', server };
  const listeners = new Set<(status: LinkStatus) => void>();
  return {
    get current() {
      return current;
    },
    report(status) {
      if (status.state === current.state && status.reason === current.reason) return;
      current = status;
      for (const listener of listeners) listener(current);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
