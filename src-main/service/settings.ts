import { StoreError } from '../../src-shared/errors';
import type { StoreSettings } from '../../src-shared/schemas/settings';
import { readSettingsNow as readSettings } from './settings-read';
import { currencyDigits } from '../../src-shared/money-format';
import { storedAmountsRepository } from '../db/repositories/stored-amounts';
import { clerkLoginsSwitched } from './clerk-logins-setting';
import type { ServiceContext } from './context';
import type { HandlersFor } from './handler-types';

export function settingsHandlers(ctx: ServiceContext): HandlersFor<'settings'> {
  const amounts = storedAmountsRepository(ctx.db);

  /** Amounts are stored in the currency's minor units: it changes only while none is stored. */
  function requireNoStoredAmounts(from: string, to: string): void {
    const holders = amounts.holders();
    if (!holders.length) return;
    const message = `The shop holds amounts in ${from} already (${holders.join(', ')}): the currency cannot become ${to}`;
    throw new StoreError('CURRENCY_IN_USE', message, [{ path: 'currency', message: `Amounts are stored in ${from} already` }]);
  }

  const switchLogins = clerkLoginsSwitched(ctx);

  return {
    'settings.get': () => readSettings(ctx),
    'settings.update': (patch) =>
      ctx.write(() => {
        // A setting given as undefined (IPC's structured clone keeps such keys) is one not given;
        // one given its stored value is no change: only real changes are written and announced.
        // (Compared with what is stored, not what is read: a refused value read as its default is
        // replaced by a Save of that default.)
        const keys: (keyof StoreSettings)[] = [];
        for (const [key, value] of Object.entries(patch) as [keyof StoreSettings, unknown][]) {
          if (value === undefined || JSON.stringify(value) === JSON.stringify(ctx.setting(key))) continue;
          if (key === 'currency') requireNoStoredAmounts(readSettings(ctx).currency, value as string);
          if (key === 'clerkLogins') switchLogins(value as boolean);
          ctx.settings.set(key, value);
          keys.push(key);
        }
        // The names only: values are the owner's, and the event stream is open to read tokens.
        if (keys.length) ctx.events.append('settings.updated', { keys });
        return readSettings(ctx);
      }),
  };
}

/** The shop's terms any client may read (`GET /v1/shop`), receipts' texts included: no owner-only setting. */
export function shopHandlers(ctx: ServiceContext): HandlersFor<'shop'> {
  return {
    'shop.get': () => {
      const { shopName, currency, pricesIncludeTax, defaultTaxRate, timeZone, shopAddress, shopTaxId, receiptFooter } = readSettings(ctx);
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
  };
}
