/** Tills and clerks for the clerk-login tests: a till paired in process, clerks, logins on. */
import type { CallableOperationName, OperationInput, OperationOutput } from '../../src-shared/contract';
import { tillProof } from '../../src-main/service/pairing-proof';
import { provideShopServer, shopServerOf, type ServedStore } from '../../src-main/service/shop-server';
import type { Store } from '../../src-main/service/store';

const FINGERPRINT = 'AB:CD:'.repeat(15) + 'AB:CD';

/** Pairs a till with the store (as `POST /v1/tills/pair` does); its id and token secret. */
export function pairTill(store: Store, name = 'Counter 2'): { id: number; secret: string } {
  if (!shopServerOf(store.context)) provideShopServer(store.context, { fingerprint: () => FINGERPRINT });
  const fingerprint = shopServerOf(store.context)!.fingerprint();
  const { code } = store.handlers['tills.pairingCode']({});
  const paired = store.handlers['tills.pair']({ name, proof: tillProof(code, fingerprint, name) });
  return { id: paired.till.id, secret: paired.secret };
}

/** An owner and a clerk (PINs 1111 and 2222), with logins switched on. */
export function clerksWithLoginsOn(store: Store, names = { owner: 'Olga', clerk: 'Ben' }) {
  const owner = store.handlers['clerks.create']({ name: names.owner, role: 'owner', pin: '1111' });
  const clerk = store.handlers['clerks.create']({ name: names.clerk, role: 'clerk', pin: '2222' });
  store.handlers['settings.update']({ clerkLogins: true });
  return { owner, clerk };
}

/** A store of either engine, its operations run in process (the REST suite's TestServer is one). */
export interface OperationsAt {
  call<K extends CallableOperationName>(name: K, input: OperationInput<K> | Record<string, unknown>): Promise<OperationOutput<K>>;
  /** The store's context, for provideShopServer. */
  readonly served: ServedStore;
}

/** pairTill on either engine: pairs a till through the store's operations; its id and token secret. */
export async function pairTillAt(at: OperationsAt, name = 'Counter 2'): Promise<{ id: number; secret: string }> {
  if (!shopServerOf(at.served)) provideShopServer(at.served, { fingerprint: () => FINGERPRINT });
  const fingerprint = shopServerOf(at.served)!.fingerprint();
  const { code } = await at.call('tills.pairingCode', {});
  const paired = await at.call('tills.pair', { name, proof: tillProof(code, fingerprint, name) });
  return { id: paired.till.id, secret: paired.secret };
}

/** clerksWithLoginsOn on either engine: an owner and a clerk (PINs 1111 and 2222), with logins switched on. */
export async function clerksWithLoginsAt(at: OperationsAt, names = { owner: 'Olga', clerk: 'Ben' }) {
  const owner = await at.call('clerks.create', { name: names.owner, role: 'owner', pin: '1111' });
  const clerk = await at.call('clerks.create', { name: names.clerk, role: 'clerk', pin: '2222' });
  await at.call('settings.update', { clerkLogins: true });
  return { owner, clerk };
}
