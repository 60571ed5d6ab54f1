/**
 * A till paired with a test store's listener over real HTTP (POST /v1/tills/pair with a code made
 * in process), as `petstore till pair` and a till would: its id and token.
 */
import { tillProof } from '../../../src-main/service/pairing-proof';
import { provideShopServer } from '../../../src-main/service/shop-server';
import type { TestStore } from '../../helpers/temp-store';

/** The certificate's fingerprint the test server says it has (plain HTTP: nothing checks it). */
const FINGERPRINT = 'AB:CD:'.repeat(15) + 'AB:CD';

export async function pairTill(shop: TestStore, origin: string, name: string): Promise<{ tillId: number; secret: string }> {
  provideShopServer(shop.store.context, { fingerprint: () => FINGERPRINT });
  const { code } = shop.ok('tills.pairingCode', {});
  const response = await fetch(`${origin}/v1/tills/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, proof: tillProof(code, FINGERPRINT, name) }),
  });
  const body = (await response.json()) as { till: { id: number }; secret: string };
  if (response.status !== 200) throw new Error(`pairing failed: ${JSON.stringify(body)}`);
  return { tillId: body.till.id, secret: body.secret };
}
