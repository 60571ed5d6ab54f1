/**
 * Where the REST listener serves its readable API reference, beside the API: what Settings links,
 * the only link the desktop app opens in the browser, and what `petstore serve` prints.
 */
export const apiReferenceUrl = (apiUrl: string): string => apiUrl.replace(/\/v1\/?$/, '/docs');
