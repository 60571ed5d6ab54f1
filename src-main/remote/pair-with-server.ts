/**
 * A till pairs with its shop server (docs/decisions.md#pairing-a-till): it reads the server's
 * certificate, proves it holds the code over that certificate's fingerprint, sends the proof over a
 * connection pinned to that certificate, and keeps nothing unless the server proves the same code.
 */
import { fetch } from 'undici';
import { ErrorBody, StoreError, validationError } from '../../src-shared/errors';
import { PairedTill, TillPairingRequest } from '../../src-shared/schemas/till';
import { API_PREFIX } from '../rest/operation-routes';
import { sameProof, serverProof, tillProof } from '../service/pairing-proof';
import { pinnedDispatcher, readFingerprint, tillCallFailure } from './tls-pin';
import type { TillPairing } from './till-file';

export interface PairWithServerOptions {
  /** The address the owner gave, `https://host:port`. */
  server: string;
  /** The one-time code as typed (`ABCDE-12345`; case, spaces and dashes do not matter). */
  code: string;
  /** The till's name as the owner will see it. */
  name: string;
  timeoutMs?: number;
}

const PAIR_TIMEOUT_MS = 15_000;

/** Pairs this till; the answer is what to keep (till-file.ts). Failures are StoreErrors (their codes say which). */
export async function pairWithServer({ server, code, name, timeoutMs = PAIR_TIMEOUT_MS }: PairWithServerOptions): Promise<TillPairing> {
  const asked = TillPairingRequest.shape.name.safeParse(name);
  if (!asked.success) throw validationError(asked.error, { prefix: 'name' });
  const tillName = asked.data; // trimmed as the server reads it: the proof is over the same text
  const fingerprint = await readFingerprint(server, timeoutMs);
  const origin = new URL(server).origin;
  const dispatcher = pinnedDispatcher(fingerprint);
  let response: Awaited<ReturnType<typeof fetch>>;
  let body: unknown;
  try {
    response = await fetch(`${origin}${API_PREFIX}/tills/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: tillName, proof: tillProof(code, fingerprint, tillName) }),
      dispatcher,
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = await response.json().catch(() => undefined);
  } catch (error) {
    throw tillCallFailure(error, origin);
  } finally {
    void dispatcher.close();
  }
  if (!response.ok) {
    const refusal = ErrorBody.safeParse(body);
    throw refusal.success ? StoreError.fromBody(refusal.data) : new StoreError('SERVER_UNREACHABLE', `The shop server at ${origin} answered ${response.status} without an Error object`);
  }
  const paired = PairedTill.safeParse(body);
  if (!paired.success) throw new StoreError('SERVER_UNREACHABLE', `The shop server at ${origin} answered something that is not a pairing`);
  const { till, secret } = paired.data;
  // Only the server that made the code can prove it over the certificate this till pinned.
  if (!sameProof(paired.data.serverProof, serverProof(code, fingerprint, till.id))) {
    throw new StoreError('PAIRING_CODE_INVALID', `The server at ${origin} could not prove it made this code: it may not be the shop server. Nothing was kept.`);
  }
  return { server: origin, fingerprint, tillId: till.id, tillName: till.name, secret };
}
