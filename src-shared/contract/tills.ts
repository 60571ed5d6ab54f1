/** Tills of several counters paired with one shop server (docs/decisions.md#pairing-a-till). */
import { z } from '../zod-setup';
import { defineOperation as op } from '../contract-types';
import { Id } from '../schemas/common';
import { PairedTill, PairingCode, Till, TillPairingRequest } from '../schemas/till';

export const tillOperations = {
  /** A new one-time pairing code (10 minutes), with what a till must enter: in-process only (the server's machine). */
  'tills.pairingCode': op({
    tag: 'Settings',
    summary: 'Make a pairing code for a till',
    input: z.strictObject({}),
    output: PairingCode,
    stability: 'beta',
    mutates: true,
    access: 'owner',
  }),
  /** Every paired till, newest first (revoked ones only when asked). */
  'tills.list': op({
    tag: 'Settings',
    summary: 'List the paired tills',
    input: z.strictObject({ includeRevoked: z.boolean().default(false) }),
    output: z.array(Till),
    stability: 'beta',
    mutates: false,
    access: 'owner',
  }),
  /** Revoke a till: its token is refused from its next call. */
  'tills.revoke': op({
    tag: 'Settings',
    summary: 'Revoke a till',
    input: z.strictObject({ tillId: Id }),
    output: Till,
    stability: 'beta',
    mutates: true,
    access: 'owner',
  }),
  /** A till pairs with a one-time code it proves it holds; the answer carries its token. */
  'tills.pair': op({
    tag: 'Service',
    summary: 'Pair a till with a one-time code',
    description:
      'No token: the proof stands for one. The code itself never travels; the proof binds it to the certificate the till saw, ' +
      'so a machine in between (another certificate) is refused. A wrong, used or expired code is 403 `PAIRING_CODE_INVALID`, ' +
      'and failures count towards the address\'s authentication throttle (429 `AUTH_THROTTLED`). ' +
      'The till checks `serverProof` before it keeps the secret.',
    input: TillPairingRequest,
    output: PairedTill,
    stability: 'beta',
    mutates: true,
    access: 'anyone',
    http: { method: 'POST', path: '/tills/pair', success: 200, body: '*', auth: 'none', errors: ['PAIRING_CODE_INVALID', 'AUTH_THROTTLED'] },
  }),
} as const;
