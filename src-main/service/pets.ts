import { StoreError } from '../../src-shared/errors';
import type { NewPet, Pet, PetStatus } from '../../src-shared/schemas/pet';
import type { PetRow } from '../db/repositories/pets';
import type { ServiceContext } from './context';
import type { HandlersFor } from './handler-types';
import { initialStock, stockForStatusChange } from './stock-rules';

export function petHandlers(ctx: ServiceContext): HandlersFor<'pets'> {
  function mustFind(id: number): PetRow {
    const pet = ctx.pets.find(id);
    if (!pet) throw new StoreError('NOT_FOUND', `Pet ${id} does not exist`);
    return pet;
  }

  function requireCategory(categoryId: number): void {
    if (!ctx.categories.find(categoryId)) {
      throw new StoreError('REFERENCE_NOT_FOUND', `Category ${categoryId} does not exist`, [
        { path: 'categoryId', message: `Category ${categoryId} does not exist` },
      ]);
    }
  }

  /**
   * PUT and PATCH: the new fields merged over the pet, with the stock its new status needs.
   * `statusByDefault`: a PUT without status, which means available.
   */
  function change(id: number, fields: Partial<NewPet>, statusByDefault = false): Pet {
    return ctx.write(() => {
      const before = mustFind(id);
      if (fields.categoryId !== undefined && fields.categoryId !== before.categoryId) requireCategory(fields.categoryId);
      const stock = ctx.inventory.quantity(id);
      const status = fields.status ?? before.status;
      const newStock = stockForStatusChange(status, { status: before.status, stock, openOrders: ctx.orders.openCount(id) });
      if (newStock === 'refused') throw openOrdersRefusal(before, status, statusByDefault);
      const after: PetRow = {
        ...before,
        name: fields.name ?? before.name,
        categoryId: fields.categoryId ?? before.categoryId,
      };
      ctx.pets.update(after);
      ctx.applyStanding(after, status, stock, newStock, true);
      return { ...after, status };
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
    'pets.list': (query) => {
      const { rows, total, nextCursor } = ctx.pets.list(query);
      return { items: rows, total, nextCursor };
    },

    'pets.create': ({ name, categoryId, status = 'available' }) =>
      ctx.write(() => {
        requireCategory(categoryId);
        const id = ctx.pets.insert(name, categoryId, status);
        ctx.inventory.set(id, initialStock(status));
        const pet: Pet = { id, name, categoryId, status };
        ctx.events.append('pet.created', pet);
        return pet;
      }),

    'pets.get': ({ petId }) => mustFind(petId),

    'pets.replace': ({ petId, pet }) => change(petId, { ...pet, status: pet.status ?? 'available' }, pet.status === undefined),

    'pets.update': ({ petId, changes }) => change(petId, changes),

    'pets.delete': ({ petId }) =>
      ctx.write(() => {
        const pet = mustFind(petId);
        if (ctx.orders.openCount(petId) > 0) {
          throw new StoreError('PET_HAS_OPEN_ORDERS', `${pet.name} (pet ${petId}) has open orders: fulfil or cancel them first`);
        }
        ctx.pets.remove(petId); // its inventory entry goes with it (ON DELETE CASCADE)
        ctx.events.append('pet.deleted', pet);
        return null;
      }),
  };
}
