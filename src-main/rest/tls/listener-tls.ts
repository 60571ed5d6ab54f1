import { isLoopbackHost } from '../../../src-shared/thresholds';
import type { Store } from '../../service/store';
import { shopCertificate, type ShopCertificate } from './shop-certificate';

/** Whether the listener speaks HTTPS: always off loopback (the tills' network), on loopback only when asked. */
export const speaksHttps = (host: string, asked = false) => asked || !isLoopbackHost(host);

/** The shop certificate when the listener at `host` speaks HTTPS (made beside the store's file at first use). */
export function listenerTls(store: Store, host: string, asked = false): ShopCertificate | undefined {
  if (!speaksHttps(host, asked)) return undefined;
  const file = store.db.name;
  // An in-memory store has no folder to keep a certificate in, and tills could never pin one that changes.
  if (!file || file === ':memory:') throw new Error('A store in memory cannot serve HTTPS: open a database file');
  return shopCertificate(file);
}
