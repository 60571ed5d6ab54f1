import { StoreError } from '../../src-shared/errors';
import { FORGOTTEN_CUSTOMER_NAME, type Customer, type CustomerPatch } from '../../src-shared/schemas/customer';
import type { CustomerFields, CustomerRow } from '../db/repositories/customers';
import type { Step } from '../db/step';
import type { ServiceContext } from './context';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';

/** What a forgotten customer keeps of the person: nothing but a name that says so. */
const ERASED: CustomerFields = { name: FORGOTTEN_CUSTOMER_NAME, phone: null, email: null, note: null };

/** A row as the contract shows it: fields that are none are left out. */
export function customerModel(row: CustomerRow): Customer {
  const customer: Customer = { id: row.id, name: row.name, createdAt: row.createdAt, updatedAt: row.updatedAt };
  if (row.phone !== null) customer.phone = row.phone;
  if (row.email !== null) customer.email = row.email;
  if (row.note !== null) customer.note = row.note;
  if (row.forgottenAt !== null) customer.forgottenAt = row.forgottenAt;
  return customer;
}

/** A field as given over a field as it was: not given (or given as undefined over IPC) keeps it, empty clears it. */
const merge = (given: string | undefined, before: string | null): string | null => (given === undefined ? before : given || null);

/**
 * After a restore (which keeps the change log): a backup made before someone was forgotten must not
 * bring them back, so every customer the log says was forgotten is erased again, in the restore's transaction.
 */
export function forgetAgainAfterRestore(context: ServiceContext): number {
  return context.customers.forgetAgain(FORGOTTEN_CUSTOMER_NAME);
}

export const customerHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'customers'> => {
  function* mustFind(id: number): Step<CustomerRow> {
    const customer = yield* ctx.customers.find(id);
    if (!customer) throw new StoreError('NOT_FOUND', `Customer ${id} does not exist`);
    return customer;
  }

  return {
    *'customers.list'(query) {
      const { rows, total, nextCursor } = yield* ctx.customers.list(query);
      return { items: rows.map(customerModel), total, nextCursor };
    },

    'customers.create': ({ name, phone, email, note }) =>
      ctx.write(function* () {
        const id = yield* ctx.customers.insert({ name, phone: phone || null, email: email || null, note: note || null }, new Date().toISOString());
        const customer = customerModel(yield* mustFind(id));
        yield* ctx.events.append('customer.created', customer);
        return customer;
      }),

    *'customers.get'({ customerId }) {
      return customerModel(yield* mustFind(customerId));
    },

    'customers.update': ({ customerId, changes }) =>
      ctx.write(function* () {
        const before = yield* mustFind(customerId);
        if (before.forgottenAt !== null) {
          throw new StoreError('CUSTOMER_FORGOTTEN', `Customer ${customerId} has been forgotten: their record can no longer be changed`);
        }
        const after = changed(before, changes);
        // A save that changes nothing writes nothing and announces nothing.
        if (!after) return customerModel(before);
        yield* ctx.customers.update(customerId, after, new Date().toISOString());
        const customer = customerModel(yield* mustFind(customerId));
        yield* ctx.events.append('customer.updated', customer);
        return customer;
      }),

    'customers.forget': ({ customerId }) =>
      ctx.write(function* () {
        const before = yield* mustFind(customerId);
        if (before.forgottenAt !== null) return null; // forgotten already: a harmless retry
        const at = new Date().toISOString();
        yield* ctx.customers.update(customerId, ERASED, at);
        yield* ctx.customers.markForgotten(customerId, at);
        // The person leaves the change log and the kept answers too, in the same transaction.
        yield* ctx.customers.eraseTraces(customerId, FORGOTTEN_CUSTOMER_NAME, at);
        yield* ctx.events.append('customer.forgotten', customerModel(yield* mustFind(customerId)));
        return null;
      }),
  };
});

/** The fields after a PATCH, or undefined when it changes none of them. */
function changed(before: CustomerRow, changes: CustomerPatch): CustomerFields | undefined {
  const after: CustomerFields = {
    name: changes.name ?? before.name,
    phone: merge(changes.phone, before.phone),
    email: merge(changes.email, before.email),
    note: merge(changes.note, before.note),
  };
  const same = after.name === before.name && after.phone === before.phone && after.email === before.email && after.note === before.note;
  return same ? undefined : after;
}
