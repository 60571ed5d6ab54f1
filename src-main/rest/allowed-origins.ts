import type { Store } from '../service/store';

/**
 * Calls `restart` whenever the owner's allowed origins change, by this process or another (the
 * CLI beside a server): CORS is set up when a listener starts, so new origins need a new start.
 * Returns the function that stops following.
 */
export function onNewAllowedOrigins(store: Store, restart: () => void): () => void {
  return store.feed.subscribe((event) => {
    if (event.type === 'settings.updated' && Array.isArray(event.data.keys) && event.data.keys.includes('allowedOrigins')) restart();
  });
}
