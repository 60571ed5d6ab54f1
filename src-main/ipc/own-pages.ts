/**
 * Which pages may call the store over IPC: the app's own renderer and nothing else (not a page it
 * was navigated to, not a frame inside it). Free of Electron so the IPC tests use this very check.
 */
import type { IpcInvokeEventLike } from './register';

export interface OwnPages {
  /** The built renderer's index.html as a file:// URL. */
  rendererFileUrl: string;
  /** The dev server's URL in development (electron-vite's ELECTRON_RENDERER_URL), if any. */
  devUrl?: string;
}

/** Whether `url` is one of our own pages: the built index.html, or the dev server in development. */
export function ownUrlCheck({ rendererFileUrl, devUrl }: OwnPages): (url: string) => boolean {
  const devOrigin = devUrl ? new URL(devUrl).origin : undefined;
  return (url) => (devOrigin ? url.startsWith(`${devOrigin}/`) : url.split('#')[0] === rendererFileUrl);
}

/** Whether an IPC message comes from a frame showing one of our own pages. */
export function trustedSenderCheck(isOwnUrl: (url: string) => boolean): (event: IpcInvokeEventLike) => boolean {
  return (event) => !!event.senderFrame && isOwnUrl(event.senderFrame.url);
}
