import { z } from '../zod-setup';
import { DateTime, Id, NAME_MAX, Name } from './common';

/** A till paired with this shop server: its own token, listed without the secret. */
export const Till = z.object({
  id: Id,
  name: z.string().max(NAME_MAX),
  pairedAt: DateTime,
  lastUsedAt: DateTime.nullable(),
  /** When the owner revoked it: from then its token opens nothing. */
  revokedAt: DateTime.nullable(),
});
export type Till = z.infer<typeof Till>;

/** A one-time code as shown: 10 Crockford base32 characters in two groups of five. */
export const PAIRING_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;

/** A pairing code made for the owner to give to a till (in-process only). */
export const PairingCode = z.object({
  /** `XXXXX-XXXXX`; the till types it, it never travels. */
  code: z.string().regex(PAIRING_CODE_PATTERN),
  expiresAt: z.string(),
  /** The server certificate's SHA-256 fingerprint, for the owner to compare with the till's. */
  fingerprint: z.string(),
  /** What a till enters as the server's address (https://<address>:<port>), when the listener serves the network. */
  addresses: z.array(z.string()),
  /** Why there are no addresses and what to do, or what to check; null when all is ready. */
  addressNote: z.string().nullable(),
});
export type PairingCode = z.infer<typeof PairingCode>;

/** base64url of an HMAC-SHA256: 43 characters. */
const Proof = z
  .string()
  .length(43, 'Must be an HMAC-SHA256 in base64url (43 characters)')
  .regex(/^[A-Za-z0-9_-]*$/, 'Must be an HMAC-SHA256 in base64url (43 characters)');

/** What a till sends to pair: its name and its proof of the code (docs/decisions.md#pairing-a-till). */
export const TillPairingRequest = z.strictObject({
  name: Name.describe('The till\'s name as the owner will see it, e.g. "Counter 2".'),
  proof: Proof.describe(
    'base64url(HMAC-SHA256(key = the normalised code, "petstore-pair-till\\n" + the server certificate\'s SHA-256 fingerprint + "\\n" + name)). ' +
      'Normalised: upper case, spaces and dashes dropped, I and L as 1, O as 0.',
  ),
});

/** What a paired till receives: its record, its token's secret (this once) and the server's proof. */
export const PairedTill = z.object({
  till: Till,
  /** The till's bearer token; shown this once, never stored by the server. */
  secret: z.string().max(100),
  /** base64url(HMAC-SHA256(code, "petstore-pair-server\n" + fingerprint + "\n" + till.id)): the till checks it before storing anything. */
  serverProof: Proof,
});
export type PairedTill = z.infer<typeof PairedTill>;
