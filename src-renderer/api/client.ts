import type { InvokeOptions, PetstoreBridge } from '../../src-shared/bridge';
import type { CallableOperationName, OperationInput, OperationOutput } from '../../src-shared/contract';
import { StoreError } from '../../src-shared/errors';

export interface ApiClient {
  /**
   * Runs a contract operation; resolves with its output or rejects with the store's StoreError. A
   * create the contract marks `idempotencyKey` takes one in `options`: sent again, it is made once.
   */
  call<K extends CallableOperationName>(operation: K, input: OperationInput<K>, options?: InvokeOptions): Promise<OperationOutput<K>>;
  onEvent: PetstoreBridge['onEvent'];
  onCommand: PetstoreBridge['onCommand'];
  /** A connected till's link to its shop server: the state now, then each change. */
  onLink: PetstoreBridge['onLink'];
  /** Calls `listener` whenever a call answers SIGN_IN_REQUIRED (the clerk's session ended); returns the unsubscribe. */
  onSignInRequired(listener: () => void): () => void;
}

/** The renderer's typed client: the contract's names and types over the preload's bridge. */
export function createApiClient(bridge: PetstoreBridge): ApiClient {
  const signInListeners = new Set<() => void>();
  return {
    async call(operation, input, options) {
      // IPC sends a structured clone, which Vue's reactive proxies (a filter's array, a form's
      // model) cannot be: send plain JSON data, as every transport of the store takes anyway.
      const plain = input === undefined ? undefined : plainData(input);
      const result = options?.idempotencyKey === undefined ? await bridge.invoke(operation, plain) : await bridge.invoke(operation, plain, { idempotencyKey: options.idempotencyKey });
      if (!result.ok) {
        // Whichever screen asked, the session is over: the sign-in screen comes up over it.
        if (result.error.code === 'SIGN_IN_REQUIRED') signInListeners.forEach((listener) => listener());
        throw StoreError.fromBody(result.error);
      }
      return result.data as OperationOutput<typeof operation>;
    },
    onEvent: (listener) => bridge.onEvent(listener),
    onCommand: (listener) => bridge.onCommand(listener),
    onLink: (listener) => bridge.onLink(listener),
    onSignInRequired(listener) {
      signInListeners.add(listener);
      return () => signInListeners.delete(listener);
    },
  };
}

/**
 * A copy as JSON would make it (undefined fields dropped, a Date its text), but bytes kept as bytes:
 * a photo is a Uint8Array, which JSON would turn into an object of numbered fields.
 */
function plainData(value: unknown): unknown {
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (value === null || typeof value !== 'object') return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return (value as { toJSON: () => unknown }).toJSON();
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : plainData(item)));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined && typeof item !== 'function') copy[key] = plainData(item);
  return copy;
}

let client: ApiClient | undefined;

/** The app-wide client, over `window.petstore`. Stores are its only callers. */
export function api(): ApiClient {
  client ??= createApiClient(window.petstore);
  return client;
}

/** Replaces the app-wide client (store unit tests). */
export function setApiClient(next: ApiClient): void {
  client = next;
}
