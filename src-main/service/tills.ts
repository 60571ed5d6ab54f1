import { StoreError } from '../../src-shared/errors';
import type { Till } from '../../src-shared/schemas/till';
import type { TillRow } from '../db/repositories/tills';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { newPairingCode, sameProof, serverProof, showPairingCode, tillProof } from './pairing-proof';
import { shopServerOf, type ShopServer } from './shop-server';
import { tillAddresses } from './till-addresses';
import { insertToken } from './tokens';

/** How long a pairing code pairs. */
export const PAIRING_CODE_TTL_MS = 10 * 60_000;

const toTill = ({ tokenId: _tokenId, ...till }: TillRow): Till => till;

/** One message for a wrong, used or expired code and another certificate: a guesser learns nothing from it. */
const invalidCode = () =>
  new StoreError(
    'PAIRING_CODE_INVALID',
    'The pairing code is wrong, used already or expired, or the till saw another server certificate: make a new code on the shop server',
  );

/** Pairing codes and the tills they paired (docs/decisions.md#pairing-a-till). */
export const tillHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'tills'> => {
  function server(): ShopServer {
    const found = shopServerOf(ctx);
    if (!found) throw new StoreError('NOT_FOUND', 'Tills pair only with a store that is served (the app, `petstore serve`, `petstore till pair`)');
    return found;
  }

  return {
    *'tills.pairingCode'() {
      const shop = server();
      const fingerprint = shop.fingerprint();
      const code = newPairingCode();
      const now = Date.now();
      const expiresAt = new Date(now + PAIRING_CODE_TTL_MS).toISOString();
      yield* ctx.write(() => ctx.tills.insertCode(code, new Date(now).toISOString(), expiresAt));
      const place = shop.listener?.() ?? { running: true, host: yield* ctx.setting('listenerHost'), port: yield* ctx.setting('listenerPort') };
      return { code: showPairingCode(code), expiresAt, fingerprint, ...tillAddresses(place, !shop.listener) };
    },
    *'tills.list'({ includeRevoked }) {
      return (yield* ctx.tills.all()).filter((till) => includeRevoked || till.revokedAt === null).map(toTill);
    },
    'tills.revoke': ({ tillId }) =>
      ctx.write(function* () {
        const till = yield* ctx.tills.find(tillId);
        if (!till) throw new StoreError('NOT_FOUND', `Till ${tillId} does not exist`);
        yield* ctx.tokens.revoke(till.tokenId); // the verifier reads tokens again when the table changes
        return toTill((yield* ctx.tills.find(tillId))!);
      }),
    'tills.pair': ({ name, proof }) => {
      // The certificate this server presents: a till that saw another one computed its proof over that.
      const fingerprint = server().fingerprint();
      return ctx.write(function* () {
        const now = new Date().toISOString();
        // Every usable code is tried, none skipped once one matched: the time taken says nothing.
        let matched: { id: number; code: string } | undefined;
        for (const row of yield* ctx.tills.usableCodes(now)) {
          if (sameProof(tillProof(row.code, fingerprint, name), proof) && !matched) matched = row;
        }
        if (!matched || !(yield* ctx.tills.useCode(matched.id, now))) throw invalidCode();
        const token = yield* insertToken(ctx, name, 'till');
        const tillId = yield* ctx.tills.insert(name, token.id, now);
        return { till: toTill((yield* ctx.tills.find(tillId))!), secret: token.secret, serverProof: serverProof(matched.code, fingerprint, tillId) };
      });
    },
  };
});
