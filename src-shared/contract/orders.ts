/** The store's orders: place, read, fulfil, cancel. Orders are records: a cancelled one is kept. */
import { defineOperation as op } from '../contract-types';
import { page, pageItems } from '../schemas/common';
import { NewOrder, Order, OrderListQuery, OrderPatch } from '../schemas/order';
import { OrderRef, Nothing } from './refs';

export const orderOperations = {
  /** List orders, newest first. */
  'orders.list': op({
    tag: 'Store',
    summary: 'List orders',
    description:
      'Newest first, or oldest with `sort=oldest`. Filter by `status` (repeatable), `complete`, `petId` and when placed (`from`, `to`: ' +
      "a date-time, or a date: a whole day in the shop's time zone). Cancelled orders are left out unless `status` names `cancelled`.",
    input: OrderListQuery,
    output: page(pageItems(Order)),
    stability: 'stable',
    mutates: false,
    http: { method: 'GET', path: '/store/orders', success: 200, paged: true, errors: [] },
  }),
  /** Place an order: reserves stock; the pet turns pending when its stock reaches 0. */
  'orders.place': op({
    tag: 'Store',
    summary: 'Place an order',
    description:
      'Needs an `available` pet with enough stock, and reserves it: taking the last units makes the pet `pending` until its orders are ' +
      'fulfilled or cancelled. Refused with 409 INSUFFICIENT_STOCK when the stock is short (whatever the status), and 409 PET_NOT_AVAILABLE ' +
      'for a sold pet or one a clerk holds (`pending` with stock). Ids are increasing integers.',
    input: NewOrder,
    output: Order,
    stability: 'stable',
    mutates: true,
    http: {
      method: 'POST',
      path: '/store/orders',
      success: 201,
      body: '*',
      errors: ['REFERENCE_NOT_FOUND', 'PET_NOT_AVAILABLE', 'INSUFFICIENT_STOCK'],
      idempotencyKey: true,
    },
  }),
  /** Read one order. */
  'orders.get': op({
    tag: 'Store',
    summary: 'Get an order',
    input: OrderRef,
    output: Order,
    stability: 'stable',
    mutates: false,
    http: { method: 'GET', path: '/store/orders/{orderId}', success: 200, errors: ['NOT_FOUND'] },
  }),
  /** Fulfil an order (`complete: true`) or set its ship date. */
  'orders.update': op({
    tag: 'Store',
    summary: 'Fulfil an order or set its ship date',
    description:
      'Fulfilling the last open order of a pet with no stock makes the pet `sold`. A complete order is final (fulfilling it again is a harmless retry); ' +
      'a cancelled order takes no change (409 ORDER_CANCELLED).',
    input: OrderRef.extend({ changes: OrderPatch }),
    output: Order,
    stability: 'stable',
    mutates: true,
    http: {
      method: 'PATCH',
      path: '/store/orders/{orderId}',
      success: 200,
      body: 'changes',
      errors: ['NOT_FOUND', 'ORDER_COMPLETE', 'ORDER_CANCELLED'],
    },
  }),
  /** Cancel an open order and return its stock; the order is kept with status `cancelled`. */
  'orders.cancel': op({
    tag: 'Store',
    summary: 'Cancel an order',
    description:
      'Cancelling keeps the order with `status: cancelled` (GET answers it; lists leave it out unless `status` names `cancelled`). ' +
      'Returns the stock; a `pending` pet becomes `available`. Cancelling a cancelled order again is a harmless retry (204, nothing changes). ' +
      'Refused once the order is complete, and for a line of a sale (409 ORDER_IN_SALE: cancel or refund the sale instead).',
    input: OrderRef,
    output: Nothing,
    stability: 'stable',
    mutates: true,
    http: { method: 'DELETE', path: '/store/orders/{orderId}', success: 204, errors: ['NOT_FOUND', 'ORDER_COMPLETE', 'ORDER_IN_SALE'] },
  }),
} as const;
