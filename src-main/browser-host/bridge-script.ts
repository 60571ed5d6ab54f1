/**
 * The browser host's stand-in for the preload: the same `window.petstore` API (see
 * src-shared/bridge.ts), carried over HTTP to the host instead of over IPC. The script is public
 * and holds no data: the host's secret comes from the address the page was opened at, where it
 * stays (the app's navigation changes only the fragment, and a reload keeps it).
 * The page's calls wait until the event stream is connected (or has failed): the stream follows
 * the log from then on, so an event committed while the page loads is in what its first calls
 * read or on the stream, never lost.
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
