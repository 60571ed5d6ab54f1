/**
 * The browser host's stand-in for the preload: the same `window.petstore` API (src-shared/bridge.ts)
 * over HTTP, public and without data; the secret comes from the page's address, and calls wait for
 * the event stream (docs/decisions.md#the-browser-host-answers-only-its-secret).
 */
import { errorBody } from '../../src-shared/error-catalogue';
import { SECRET_HEADER, SECRET_PARAM } from './secret';
import { BYTES_KEY } from './bytes-json';

export const BRIDGE_SCRIPT = `(() => {
  'use strict';
  const PARAM = ${JSON.stringify(SECRET_PARAM)};
  const secret = new URLSearchParams(location.search).get(PARAM) ?? '';

  // Bytes (a photo's Uint8Array) cross as base64 under one key, both ways (bytes-json.ts on the host).
  const BYTES = ${JSON.stringify(BYTES_KEY)};
  const toBase64 = (bytes) => {
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(text);
  };
  const replacer = (_key, value) => (value instanceof Uint8Array ? { [BYTES]: toBase64(value) } : value);
  const reviver = (_key, value) =>
    value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 1 && typeof value[BYTES] === 'string'
      ? Uint8Array.from(atob(value[BYTES]), (char) => char.charCodeAt(0))
      : value;

  const listeners = new Set();
  // A connected till's link to its shop server, as the host last said (a store of its own: local).
  const linkListeners = new Set();
  let link = { state: 'local' };
  let connected;
  const streamReady = new Promise((resolve) => (connected = resolve));
  const source = new EventSource('/__petstore/events?' + PARAM + '=' + encodeURIComponent(secret));
  source.onopen = source.onerror = () => connected();
  source.addEventListener('link', (message) => {
    link = JSON.parse(message.data);
    for (const listener of linkListeners) listener(link);
  });
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
    async invoke(operation, input, options) {
      await streamReady;
      try {
        // A create's Idempotency-Key travels as over REST, in its header.
        const key = options && options.idempotencyKey !== undefined ? { 'Idempotency-Key': String(options.idempotencyKey) } : {};
        const response = await fetch('/__petstore/invoke/' + encodeURIComponent(String(operation)), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ${JSON.stringify(SECRET_HEADER)}: secret, ...key },
          body: JSON.stringify(input === undefined ? null : input, replacer),
        });
        return JSON.parse(await response.text(), reviver);
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
    onLink(listener) {
      linkListeners.add(listener);
      listener(link);
      return () => linkListeners.delete(listener);
    },
  };
  Object.defineProperty(window, 'petstore', { value: Object.freeze(bridge), enumerable: true });
})();
`;
