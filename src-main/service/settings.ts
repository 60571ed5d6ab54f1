import { StoreError } from '../../src-shared/errors';
import type { StoreSettings } from '../../src-shared/schemas/settings';
import { currencyDigits } from '../../src-shared/money-format';
import type { Step } from '../db/step';
import { switchClerkLogins } from './clerk-logins-setting';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { readSettings } from './settings-read';

export const settingsHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'settings'> => {
  /** Amounts are stored in the currency's minor units: it changes only while none is stored. */
  function* requireNoStoredAmounts(from: string, to: string): Step<void> {
    const holders = yield* ctx.storedAmounts.holders();
    if (!holders.length) return;
    const message = `The shop holds amounts in ${from} already (${holders.join(', ')}): the currency cannot become ${to}`;
    throw new StoreError('CURRENCY_IN_USE', message, [{ path: 'currency', message: `Amounts are stored in ${from} already` }]);
  }

  return {
    *'settings.get'() {
      return yield* readSettings(ctx);
    },
    'settings.update': (patch) =>
      ctx.write(function* () {
        // A setting given as undefined (IPC's structured clone keeps such keys) is one not given;
        // one given its stored value is no change: only real changes are written and announced.
        // (Compared with what is stored, not what is read: a refused value read as its default is
        // replaced by a Save of that default.)
        const keys: (keyof StoreSettings)[] = [];
        for (const [key, value] of Object.entries(patch) as [keyof StoreSettings, unknown][]) {
          if (value === undefined || JSON.stringify(value) === JSON.stringify(yield* ctx.setting(key))) continue;
          if (key === 'currency') yield* requireNoStoredAmounts((yield* readSettings(ctx)).currency, value as string);
          if (key === 'clerkLogins') yield* switchClerkLogins(ctx, value as boolean);
          yield* ctx.settings.set(key, value);
          keys.push(key);
        }
        // The names only: values are the owner's, and the event stream is open to read tokens.
        if (keys.length) yield* ctx.events.append('settings.updated', { keys });
        return yield* readSettings(ctx);
      }),
  };
});

/** The shop's terms any client may read (`GET /v1/shop`), receipts' texts included: no owner-only setting. */
export const shopHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'shop'> => ({
  *'shop.get'() {
    const { shopName, currency, pricesIncludeTax, defaultTaxRate, timeZone, shopAddress, shopTaxId, receiptFooter } = yield* readSettings(ctx);
    return {
      name: shopName,
      currency,
      currencyDigits: currencyDigits(currency),
      pricesIncludeTax,
      defaultTaxRate,
      timeZone,
      address: shopAddress,
      taxId: shopTaxId,
      receiptFooter,
    };
  },
}));
