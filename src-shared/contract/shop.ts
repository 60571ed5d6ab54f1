/** The shop's terms: what a client needs to read its amounts and days, and to print its receipts. */
import { z } from '../zod-setup';
import { defineOperation as op } from '../contract-types';
import { Shop } from '../schemas/settings';

export const shopOperations = {
  /** The shop's currency (and its minor-unit digits), tax terms, time zone, and what its receipts print. */
  'shop.get': op({
    tag: 'Service',
    summary: "The shop's currency, tax terms, time zone and receipt texts",
    description:
      'Every amount of the API is a whole number of minor units of `currency`: divide by 10^`currencyDigits` to show it. ' +
      'A receipt prints `name`, `address`, `taxId` and `receiptFooter` (empty: left out). ' +
      'Read-only here: the owner sets these in the app or with `petstore settings set`.',
    input: z.strictObject({}),
    output: Shop,
    stability: 'beta',
    mutates: false,
    access: 'anyone',
    http: { method: 'GET', path: '/shop', success: 200, errors: [] },
  }),
} as const;
