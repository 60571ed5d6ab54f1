/**
 * Which permission a page may have (Electron's security checklist, item 5): none, but writing to the
 * clipboard (the copy buttons of the API address and a new token's secret), and that only for our
 * own pages. The camera, notifications, geolocation… are never needed.
 */
const ALLOWED = new Set(['clipboard-sanitized-write']);

/**
 * The decision for Electron's permission request and check handlers, which name the page by its URL
 * (requests) or its origin (checks): both start with our origin, then a slash or nothing.
 */
export function permissionCheck(ownOrigin: string): (permission: string, pageUrlOrOrigin: string | undefined) => boolean {
  const isOurs = (text: string) => text === ownOrigin || text.startsWith(`${ownOrigin}/`);
  return (permission, page) => ALLOWED.has(permission) && page !== undefined && isOurs(page);
}
