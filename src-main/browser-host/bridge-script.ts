/**
 * The browser host's stand-in for the preload: the same `window.petstore` API (see
 * src-shared/bridge.ts), carried over HTTP to the host instead of over IPC. The event stream opens
 * as the page loads and starts after `latestEventId`, the log's last id when this script was
 * served: an event committed while the page loads and connects is replayed, not lost.
 */
import { errorBody } from '../../src-shared/error-catalogue';

export const bridgeScript = (latestEventId: number) => `(() => {
  'use strict';
  const listeners = new Set();
  const source = new EventSource('/__petstore/events?after=${latestEventId}');
  source.onmessage = (message) => {
    // Each message holds the events of one batch, in log order. A listener that fails costs the
    // others nothing (as in the preload).
    for (const event of JSON.parse(message.data)) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          console.error('A store event listener failed:', error);
        }
      }
    }
  };
  const bridge = {
    async invoke(operation, input) {
      try {
        const response = await fetch('/__petstore/invoke/' + encodeURIComponent(String(operation)), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(input === undefined ? null : input),
        });
        return await response.json();
      } catch {
        return { ok: false, error: ${JSON.stringify(errorBody('INTERNAL', 'The store could not be reached'))} };
      }
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // A browser has no native menus: every command comes from the keyboard, in the page.
    onCommand() {
      return () => {};
    },
  };
  Object.defineProperty(window, 'petstore', { value: Object.freeze(bridge), enumerable: true });
})();
`;
