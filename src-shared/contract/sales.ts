/** Sales (a basket of orders, paid), their cancels and refunds (beta). */
import { z } from '../zod-setup';
import { defineOperation as op } from '../contract-types';
import { Id, page } from '../schemas/common';
import { NewRefund, NewSale, Refund, RefundListQuery, Refunds, Sale, SaleListQuery, Sales } from '../schemas/sale';

const SaleRef = z.strictObject({ saleId: Id.describe('Id of the sale.') });
const RefundRef = SaleRef.extend({ refundId: Id.describe('Id of the refund.') });

export const saleOperations = {
  /** List sales, newest first. */
  'sales.list': op({
    tag: 'Sales',
    summary: 'List sales',
    description:
      'Newest first. `from` and `to` take a date-time, or a date: a whole day in the shop\'s time zone (`GET /shop`), `to` included. ' +
      'Filter by `customerId` (a customer\'s purchases), `status` (repeatable) and receipt `number`.',
    input: SaleListQuery,
    output: page(Sales),
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/sales', success: 200, paged: true, errors: [] },
  }),
  /** Make a sale: every line an order, priced, paid, in one step; all lines or none. */
  'sales.create': op({
    tag: 'Sales',
    summary: 'Make a sale',
    description:
      'Each line becomes an Order of the sale, placed as `POST /store/orders` places one (stock reserved, the same refusals, which name the line: ' +
      '`lines.2.quantity`); one refusal refuses the whole sale, and nothing is written. `handover: now` fulfils the orders at once. ' +
      "A line's price is its `unitPrice`, else the pet's `price` (422 PRICE_REQUIRED without either); its tax rate the category's, else the shop's default. " +
      'The payments must cover the total (422 PAYMENT_SHORT), and only cash gives change (422 CHANGE_WITHOUT_CASH). ' +
      'The receipt `number` is the next one, without gaps.',
    input: NewSale,
    output: Sale,
    stability: 'beta',
    mutates: true,
    http: {
      method: 'POST',
      path: '/sales',
      success: 201,
      body: '*',
      errors: ['REFERENCE_NOT_FOUND', 'PET_NOT_AVAILABLE', 'INSUFFICIENT_STOCK', 'PRICE_REQUIRED', 'DISCOUNT_TOO_LARGE', 'PAYMENT_SHORT', 'CHANGE_WITHOUT_CASH'],
      idempotencyKey: true,
    },
  }),
  /** Read one sale (a receipt). */
  'sales.get': op({
    tag: 'Sales',
    summary: 'Get a sale',
    input: SaleRef,
    output: Sale,
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/sales/{saleId}', success: 200, errors: ['NOT_FOUND'] },
  }),
  /** Cancel a sale nothing of which was handed over: its orders cancelled, its payments given back. */
  'sales.cancel': op({
    tag: 'Sales',
    summary: 'Cancel a sale',
    description:
      'For a sale none of whose pets has been handed over: its orders are cancelled (their units back in stock), everything paid is given back ' +
      '(`refunded` = paid − change, recorded as a refund of kind `cancel`, method by method) and the sale is `cancelled`, keeping its number. ' +
      'Once a pet of it was handed over: 409 SALE_HANDED_OVER (refund instead). Cancelling a cancelled sale again changes nothing.',
    input: SaleRef,
    output: Sale,
    stability: 'beta',
    mutates: true,
    http: { method: 'POST', path: '/sales/{saleId}/cancel', success: 200, errors: ['NOT_FOUND', 'SALE_HANDED_OVER'] },
  }),
  /** Refund units of a sale's lines (handed over), with or without taking them back into stock. */
  'refunds.create': op({
    tag: 'Sales',
    summary: 'Refund a sale',
    description:
      "Each line gives back what its units are worth (its total per unit, discount and tax included; the last unit takes what is left, so refunding everything " +
      'returns exactly the line\'s total); the `payments` must add up to that amount (422 REFUND_PAYMENTS_MISMATCH). Never more units than sold less those ' +
      'refunded before (409 REFUND_EXCEEDS_SOLD); only lines handed over (409 ORDER_OPEN). `restock: true` puts the units back in stock ' +
      '(a stock movement `returned`; the pet becomes `available`).',
    input: SaleRef.extend({ refund: NewRefund }),
    output: Refund,
    stability: 'beta',
    mutates: true,
    http: {
      method: 'POST',
      path: '/sales/{saleId}/refunds',
      success: 201,
      body: 'refund',
      errors: ['NOT_FOUND', 'SALE_CANCELLED', 'REFERENCE_NOT_FOUND', 'ORDER_OPEN', 'REFUND_EXCEEDS_SOLD', 'REFUND_PAYMENTS_MISMATCH'],
      idempotencyKey: true,
    },
  }),
  /** A sale's refunds, oldest first. */
  'refunds.list': op({
    tag: 'Sales',
    summary: "List a sale's refunds",
    description: 'Oldest first; a cancelled sale has one of kind `cancel`.',
    input: RefundListQuery,
    output: page(Refunds),
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/sales/{saleId}/refunds', success: 200, paged: true, errors: ['NOT_FOUND'] },
  }),
  /** Read one refund. */
  'refunds.get': op({
    tag: 'Sales',
    summary: 'Get a refund',
    input: RefundRef,
    output: Refund,
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/sales/{saleId}/refunds/{refundId}', success: 200, errors: ['NOT_FOUND'] },
  }),
} as const;
