import type { ErrorBody } from './errors';

/**
 * What crosses the IPC bridge: a plain, structured-clone-safe value, never a thrown Error
 * (Electron flattens thrown errors into an opaque message string).
 */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ErrorBody };

export const API_VERSION = '1.0.0';
