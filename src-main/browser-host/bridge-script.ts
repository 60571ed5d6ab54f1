/**
 * The browser host's stand-in for the preload: the same `window.petstore` API (src-shared/bridge.ts)
 * over HTTP, public and without data; the secret comes from the page's address, and calls wait for
 * the event stream (docs/decisions.md#the-browser-host-answers-only-its-secret).
 */
import { errorBody } from '../../src-shared/error-catalogue';
import { SECRET_HEADER, SECRET_PARAM } from './secret';

export const BRIDGE_SCRIPT = `(() => {
  'use strict';
  const PARAM = ${JSON.stringify(SECRET_PARAM)};
  const secret = new URLSearchParams(location.search).get(PARAM) ?? '';

  const listeners = new Set();
  let connected;
  const streamReady = new Promise((resolve) => (connected = resolve));
  const source = new EventSource('/__petstore/events?' + PARAM + '=' + encodeURIComponent(secret));
  source.onopen = source.onerror = () => connected();
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
      await streamReady;
      try {
        const response = await fetch('/__petstore/invoke/' + encodeURIComponent(String(operation)), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ${JSON.stringify(SECRET_HEADER)}: secret },
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
