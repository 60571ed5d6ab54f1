import { z } from '../zod-setup';
import { AMOUNT_MAX, TAX_RATE_MAX, UNIT_PRICE_MAX } from '../money';
import { knownCurrencies } from '../money-format';

/**
 * Money in schemas: whole numbers of the currency's minor unit, bounded so that src-shared/money.ts
 * never leaves the safe integers (docs/decisions.md#money-is-whole-minor-units). The OpenAPI
 * document marks a bound past 2^31−1 as int64 by itself.
 */

/** A tax rate in basis points: 1900 is 19 %, 0 none, 10,000 the most (100 %). */
export const TaxRate = z
  .int()
  .min(0)
  .max(TAX_RATE_MAX)
  .meta({ description: 'A tax rate in basis points (hundredths of a percent): 1900 is 19 %.', example: 1900 });

/** A price per unit, in minor units of the shop's currency. */
export const UnitPrice = z
  .int()
  .min(0)
  .max(UNIT_PRICE_MAX)
  .meta({ description: "A price per unit in minor units of the shop's currency (cents for EUR): 1999 is 19.99.", example: 1999 });

/** Any amount a sale, refund or payment holds, in minor units of the shop's currency. */
export const Amount = z
  .int()
  .min(0)
  .max(AMOUNT_MAX)
  .meta({ description: "An amount in minor units of the shop's currency (cents for EUR).", example: 1999 });

/** An ISO 4217 code the runtime knows (Intl), kept in capitals: "eur" is EUR. */
export const CurrencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Must be a three-letter ISO 4217 currency code, such as EUR')
  .refine((code) => knownCurrencies().includes(code), {
    message: 'Must be a current ISO 4217 currency code, such as EUR, USD or JPY',
    when: (payload) => payload.issues.length === 0,
  })
  .meta({ example: 'EUR' });
