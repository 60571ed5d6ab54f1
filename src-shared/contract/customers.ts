/** Customers: the people a shop sells to, and forgetting them when they ask. */
import { z } from '../zod-setup';
import { defineOperation as op } from '../contract-types';
import { Id, page } from '../schemas/common';
import { Customer, CustomerListQuery, CustomerPatch, Customers, NewCustomer } from '../schemas/customer';
import { Nothing } from './refs';

const CustomerRef = z.strictObject({ customerId: Id.describe('Id of the customer.') });

export const customerOperations = {
  /** List customers by name, with a search over name, email and phone. */
  'customers.list': op({
    tag: 'Customers',
    summary: 'List customers',
    description: 'By name (case and accents aside, numbers by value), then id. Forgotten customers are left out unless `forgotten=true`.',
    input: CustomerListQuery,
    output: page(Customers),
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/customers', success: 200, paged: true, errors: [] },
  }),
  /** Add a customer. */
  'customers.create': op({
    tag: 'Customers',
    summary: 'Add a customer',
    description: 'Only `name` is required. Names need not be unique.',
    input: NewCustomer,
    output: Customer,
    stability: 'beta',
    mutates: true,
    http: { method: 'POST', path: '/customers', success: 201, body: '*', errors: [], idempotencyKey: true },
  }),
  /** Read one customer, forgotten or not. */
  'customers.get': op({
    tag: 'Customers',
    summary: 'Get a customer',
    description: 'A forgotten customer is still there, with `forgottenAt` and no personal data, so that their sales can name them.',
    input: CustomerRef,
    output: Customer,
    stability: 'beta',
    mutates: false,
    http: { method: 'GET', path: '/customers/{customerId}', success: 200, errors: ['NOT_FOUND'] },
  }),
  /** Change some of a customer's fields. */
  'customers.update': op({
    tag: 'Customers',
    summary: 'Update a customer',
    description:
      'Changes only the fields sent (at least one); an empty `phone`, `email` or `note` clears it. ' +
      'A forgotten customer cannot be changed: 409 CUSTOMER_FORGOTTEN.',
    input: CustomerRef.extend({ changes: CustomerPatch }),
    output: Customer,
    stability: 'beta',
    mutates: true,
    http: { method: 'PATCH', path: '/customers/{customerId}', success: 200, body: 'changes', errors: ['NOT_FOUND', 'CUSTOMER_FORGOTTEN'] },
  }),
  /** Forget a customer: their personal data is erased everywhere, the record stays for their sales. */
  'customers.forget': op({
    tag: 'Customers',
    summary: 'Forget a customer',
    description:
      `Erases the person: name (it reads "Forgotten customer" from then on), phone, email and note, here and in the change log's earlier ` +
      'events and the kept answers of `Idempotency-Key` retries. The record stays, with `forgottenAt`, so that sales keep pointing at it; ' +
      'it leaves the default list. Forgetting a forgotten customer again changes nothing (204).',
    input: CustomerRef,
    output: Nothing,
    stability: 'beta',
    mutates: true,
    access: 'owner',
    http: { method: 'DELETE', path: '/customers/{customerId}', success: 204, errors: ['NOT_FOUND'] },
  }),
} as const;
