import { shopCertificate } from '../rest/tls/shop-certificate';
import { provideShopServer, type ListenerPlace } from '../service/shop-server';
import type { Store } from '../service/store';

/**
 * Tells the store's tills handlers which certificate its server presents (the one beside its
 * database, made at first use) and, where this process runs the listener, where it stands.
 */
export function serveShopCertificate(store: Store, listener?: () => ListenerPlace): void {
  const databaseFile = store.db.name;
  provideShopServer(store.context, { fingerprint: () => shopCertificate(databaseFile).fingerprint, ...(listener ? { listener } : {}) });
}
