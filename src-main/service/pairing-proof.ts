/**
 * The proofs of pairing a till (docs/decisions.md#pairing-a-till): the till and the server each show
 * they hold the one-time code, bound to the certificate the till saw, without sending the code.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so nothing reads as another character. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PAIRING_CODE_LENGTH = 10;

/** A new code, normalised (10 characters; shown as `XXXXX-XXXXX`). */
export function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += CROCKFORD[randomInt(CROCKFORD.length)];
  return code;
}

/** `ABCDE12345` as shown: two groups of five. */
export const showPairingCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;

/** As typed to as computed with: upper case, no spaces or dashes, I and L as 1, O as 0. */
export const normalisePairingCode = (typed: string): string =>
  typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');

const hmac = (code: string, text: string): string => createHmac('sha256', normalisePairingCode(code)).update(text, 'utf8').digest('base64url');

/** What a till sends: the code bound to the certificate it saw and the name it pairs under. */
export const tillProof = (code: string, fingerprint: string, name: string): string => hmac(code, `petstore-pair-till\n${fingerprint}\n${name}`);

/** What the server answers: the code bound to its own certificate and the till it made. */
export const serverProof = (code: string, fingerprint: string, tillId: number): string =>
  hmac(code, `petstore-pair-server\n${fingerprint}\n${tillId}`);

/** Compares two proofs in constant time (different lengths are simply unequal). */
export function sameProof(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
