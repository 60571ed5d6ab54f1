import { apiReferenceUrl } from '../../../src-shared/api-reference';

/**
 * Which links leave the app for the user's browser (Electron's security checklist, item 15): only
 * the app's own, i.e. the API reference that the running REST listener serves (Settings links it).
 * Any other URL a page asks to open (a link in data a clerk typed in, an injected script's) is dropped.
 */
export function externalLinkCheck(listenerApiUrl: () => string | null): (url: string) => boolean {
  return (url) => {
    const api = listenerApiUrl(); // e.g. http://127.0.0.1:8787/v1, null while the listener is off
    if (api === null) return false;
    let link: URL;
    try {
      link = new URL(url);
    } catch {
      return false;
    }
    const reference = new URL(apiReferenceUrl(api));
    const ownLink = link.protocol === 'http:' && link.origin === reference.origin && link.pathname === reference.pathname;
    return ownLink && !link.username && !link.password && !link.search && !link.hash;
  };
}

/** A page's window.open or target=_blank link: never a new window; the app's own links open in the browser. */
export function windowOpenDecision(url: string, isExternalLink: (url: string) => boolean): { action: 'deny'; openExternally: boolean } {
  return { action: 'deny', openExternally: isExternalLink(url) };
}
