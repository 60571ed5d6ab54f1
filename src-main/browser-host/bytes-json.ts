/**
 * Bytes across the browser host's bridge, which carries JSON where Electron's IPC clones a
 * Uint8Array: one travels as `{"$bytes": "<base64>"}` both ways (the bridge script does the same in
 * the page), so an operation that takes or answers a file (a photo) works there as over IPC.
 */
export const BYTES_KEY = '$bytes';

/** JSON.stringify's replacer: a Uint8Array as its base64 (a Buffer is never handed to it: handlers answer plain Uint8Arrays). */
export function bytesReplacer(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? { [BYTES_KEY]: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') } : value;
}

/** JSON.parse's reviver: an object that is only `$bytes` text is those bytes. */
export function bytesReviver(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const text = (value as Record<string, unknown>)[BYTES_KEY];
  return keys.length === 1 && keys[0] === BYTES_KEY && typeof text === 'string' ? new Uint8Array(Buffer.from(text, 'base64')) : value;
}
