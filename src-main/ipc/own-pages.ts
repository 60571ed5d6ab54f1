/**
 * Which pages are the app's own: the renderer served from the app:// scheme (packaged), or the dev
 * server (development). Only they may navigate the window, use a permission or call the store over
 * IPC (not a page it was navigated to, not a frame inside it). Free of Electron so the IPC and
 * hardening tests use these very checks.
 */
import type { IpcInvokeEventLike } from './register';

/** The scheme the built renderer is served from (src-main/app/hardening/renderer-protocol.ts), instead of file://. */
export const APP_SCHEME = 'app';
/** The app's origin: a standard scheme has a host, and this one has only this one. */
export const APP_ORIGIN = `${APP_SCHEME}://petstore`;
/** The built renderer's page, which the window loads. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

export interface OwnPages {
  /** The dev server's URL in development (electron-vite's ELECTRON_RENDERER_URL), if any. */
  devUrl?: string;
}

/** The origin of our pages: the app's, or the dev server's in development. */
export function ownOrigin({ devUrl }: OwnPages = {}): string {
  return devUrl ? new URL(devUrl).origin : APP_ORIGIN;
}

/**
 * Whether `url` is one of our own pages: the app's index.html (any hash route, no query), or any
 * page of the dev server in development. Chromium hands URLs over canonical, so an exact match
 * refuses look-alikes (upper case, dot segments, another host).
 */
export function ownUrlCheck({ devUrl }: OwnPages = {}): (url: string) => boolean {
  const devOrigin = devUrl ? new URL(devUrl).origin : undefined;
  return (url) => (devOrigin ? url.startsWith(`${devOrigin}/`) : url.split('#')[0] === APP_ENTRY_URL);
}

/** Whether an IPC message comes from a frame showing one of our own pages. */
export function trustedSenderCheck(isOwnUrl: (url: string) => boolean): (event: IpcInvokeEventLike) => boolean {
  return (event) => !!event.senderFrame && isOwnUrl(event.senderFrame.url);
}
