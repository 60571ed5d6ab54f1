/**
 * The app:// scheme's privileges, registered before the app is ready. Standard (an origin, relative
 * URLs, 'self' in the CSP) and secure (a secure context: the clipboard API needs one); no CSP bypass,
 * no CORS (no other origin may read the app's files), no service workers.
 */
import { APP_SCHEME } from '../../ipc/own-pages';

export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: {
    standard: true,
    secure: true,
    supportFetchAPI: true,
    codeCache: true,
    bypassCSP: false,
    corsEnabled: false,
    allowServiceWorkers: false,
    stream: false,
  },
} as const;
