import { StoreError } from '../../src-shared/errors';
import type { NewPet, Pet, PetStatus } from '../../src-shared/schemas/pet';
import type { PetRow } from '../db/repositories/pets';
import { detailsOf, mergedRecord, petRowWith, requireUniqueRecord, type RecordInput } from './pet-record';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { applyStanding } from './standing';
import { initialStock, stockForStatusChange } from './stock-rules';
import { bulkUpdateHandler } from './pets-bulk';

export const petHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'pets'> => {
  function* mustFind(id: number): Step<PetRow> {
    const pet = yield* ctx.pets.find(id);
    if (!pet) throw new StoreError('NOT_FOUND', `Pet ${id} does not exist`);
    return pet;
  }

  function* requireCategory(categoryId: number): Step<void> {
    if (!(yield* ctx.categories.find(categoryId))) {
      throw new StoreError('REFERENCE_NOT_FOUND', `Category ${categoryId} does not exist`, [
        { path: 'categoryId', message: `Category ${categoryId} does not exist` },
      ]);
    }
  }

  /**
   * PUT and PATCH: the new fields merged over the pet, with the stock its new status needs.
   * `statusByDefault`: a PUT without status, which means available.
   */
  function change(id: number, fields: Partial<Omit<NewPet, keyof RecordInput>> & RecordInput, statusByDefault = false): Step<Pet> {
    return ctx.write(function* () {
      const before = yield* mustFind(id);
      if (fields.categoryId !== undefined && fields.categoryId !== before.categoryId) yield* requireCategory(fields.categoryId);
      const record = mergedRecord({ ...before, ...(yield* ctx.petDetails.find(id)) }, fields);
      yield* requireUniqueRecord(ctx, id, record);
      const stock = yield* ctx.inventory.quantity(id);
      const status = fields.status ?? before.status;
      const openOrders = yield* ctx.orders.openCount(id);
      const newStock = stockForStatusChange(status, { status: before.status, stock, openOrders });
      if (newStock === 'refused') throw openOrdersRefusal(before, status, statusByDefault);
      const after = petRowWith({ ...before, name: fields.name ?? before.name, categoryId: fields.categoryId ?? before.categoryId }, record);
      yield* ctx.pets.update(after);
      yield* ctx.petDetails.set(id, detailsOf(record));
      // A status set by hand that changes the stock is a correction of it (states.md T33, T36).
      yield* applyStanding(ctx, after, status, { from: stock, to: newStock, reason: 'correction' }, true);
      return { ...after, status, ...detailsOf(record) };
    });
  }

  /** A status change that open orders forbid (states.md T37, T51), with what the caller can do instead. */
  function openOrdersRefusal(pet: PetRow, to: PetStatus, statusByDefault: boolean): StoreError {
    const who = `${pet.name} (pet ${pet.id})`;
    if (to === 'sold') return new StoreError('PET_HAS_OPEN_ORDERS', `${who} has open orders: fulfil or cancel them before marking it sold`);
    const hint = statusByDefault ? ' (a PUT without status means available: send its status, or use PATCH, to change only its name or category)' : '';
    return new StoreError(
      'PET_HAS_OPEN_ORDERS',
      `${who} has no stock left and open orders hold its last units: restock it to make it available again${hint}`,
    );
  }

  return {
    *'pets.list'({ details, ...query }) {
      const { rows, total, nextCursor } = yield* ctx.pets.list(query);
      if (!details) return { items: rows, total, nextCursor };
      // The animal's details only when asked: one more query for the page, by its ids.
      const found = yield* ctx.petDetails.findMany(rows.map((pet) => pet.id));
      return { items: rows.map((pet) => ({ ...pet, ...found.get(pet.id) })), total, nextCursor };
    },

    'pets.create': ({ name, categoryId, status = 'available', ...fields }) =>
      ctx.write(function* () {
        yield* requireCategory(categoryId);
        const record = mergedRecord({}, fields);
        yield* requireUniqueRecord(ctx, undefined, record);
        const id = yield* ctx.pets.insert(name, categoryId, status, record);
        yield* ctx.petDetails.set(id, detailsOf(record));
        yield* ctx.inventory.set(id, initialStock(status), { reason: 'opening' });
        const pet = petRowWith({ id, name, categoryId, status }, record);
        yield* ctx.events.append('pet.created', pet);
        return { ...pet, ...detailsOf(record) };
      }),

    *'pets.get'({ petId }) {
      return { ...(yield* mustFind(petId)), ...(yield* ctx.petDetails.find(petId)) };
    },

    'pets.replace': ({ petId, pet }) => change(petId, { ...pet, status: pet.status ?? 'available' }, pet.status === undefined),

    'pets.update': ({ petId, changes }) => change(petId, changes),

    'pets.bulkUpdate': bulkUpdateHandler(ctx, (petId, changes) => change(petId, changes)),

    'pets.delete': ({ petId }) =>
      ctx.write(function* () {
        const pet = yield* mustFind(petId);
        if ((yield* ctx.orders.openCount(petId)) > 0) {
          throw new StoreError('PET_HAS_OPEN_ORDERS', `${pet.name} (pet ${petId}) has open orders: fulfil or cancel them first`);
        }
        yield* ctx.pets.remove(petId); // its inventory entry goes with it (ON DELETE CASCADE)
        yield* ctx.events.append('pet.deleted', pet);
        return null;
      }),
  };
});
