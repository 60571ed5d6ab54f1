import { app, session, shell, type WebContents } from 'electron';
import { CONTENT_SECURITY_POLICY } from './csp';

/** Applies Electron's security checklist to the default session and every new web contents. */
export function hardenApp(isOwnUrl: (url: string) => boolean): void {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
  // The renderer needs no camera, notifications, geolocation…: refuse every permission but writing
  // to the clipboard (the copy buttons for the API address and a new token's secret).
  const allowed = (permission: string) => permission === 'clipboard-sanitized-write';
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => callback(allowed(permission)));
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => allowed(permission));

  app.on('web-contents-created', (_event, contents: WebContents) => {
    // New windows are never opened; http(s) links go to the user's browser instead.
    contents.setWindowOpenHandler(({ url }) => {
      if (/^https?:\/\//.test(url)) void shell.openExternal(url);
      return { action: 'deny' };
    });
    contents.on('will-navigate', (event, url) => {
      if (!isOwnUrl(url)) event.preventDefault();
    });
    contents.on('will-redirect', (event, url) => {
      if (!isOwnUrl(url)) event.preventDefault();
    });
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
}
