import { app, protocol, session, shell, type WebContents } from 'electron';
import { APP_ORIGIN, APP_SCHEME } from '../ipc/own-pages';
import { CONTENT_SECURITY_POLICY } from '../host/csp';
import { APP_SCHEME_PRIVILEGES } from './hardening/app-scheme';
import { windowOpenDecision } from './hardening/external-links';
import { permissionCheck } from './hardening/permissions';
import { serveRenderer } from './hardening/renderer-protocol';

/** What the app's pages are, and which links may leave the app (see ./hardening). */
export interface HardeningRules {
  isOwnUrl: (url: string) => boolean;
  ownOrigin: string;
  isExternalLink: (url: string) => boolean;
  /** The built renderer (out/renderer), served from app://. */
  rendererDir: string;
}

/** Registers app:// with its privileges: Electron allows this only before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
}

/** Applies Electron's security checklist to the default session and every new web contents. */
export function hardenApp({ isOwnUrl, ownOrigin, isExternalLink, rendererDir }: HardeningRules): void {
  protocol.handle(APP_SCHEME, (request) => serveRenderer(rendererDir, request));
  // The app:// answers carry the CSP themselves (once: a second copy would reach the page joined to
  // the first); this adds it to the dev server's and to anything else.
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    if (details.url.startsWith(`${APP_ORIGIN}/`)) return callback({});
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
  const allowed = permissionCheck(ownOrigin);
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(allowed(permission, details.requestingUrl)),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission, requestingOrigin) => allowed(permission, requestingOrigin));

  app.on('web-contents-created', (_event, contents: WebContents) => {
    contents.setWindowOpenHandler(({ url }) => {
      const { action, openExternally } = windowOpenDecision(url, isExternalLink);
      if (openExternally) void shell.openExternal(url);
      return { action };
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
