import { StoreError } from '../../src-shared/errors';
import type { Pet, PetBulkChanges } from '../../src-shared/schemas/pet';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import type { StepHandler } from './handler-types';

/**
 * Several pets changed at once (a category emptied, a litter priced): each pet as its PATCH would
 * change it (`update`, with its stock rules and events), all inside one transaction, so the first
 * refusal undoes the pets changed before it.
 */
export function bulkUpdateHandler(ctx: HandlerContext, update: (petId: number, changes: PetBulkChanges) => Step<Pet>): StepHandler<'pets.bulkUpdate'> {
  return ({ petIds, changes }) =>
    ctx.write(function* () {
      // Every pet and the category are checked before any change, so the error is about the request, not about a half-done one.
      const missing: number[] = [];
      for (const id of petIds) if (!(yield* ctx.pets.find(id))) missing.push(id);
      if (missing.length) {
        const shown = missing.slice(0, 10).join(', ') + (missing.length > 10 ? `, … (${missing.length} in all)` : '');
        throw new StoreError('NOT_FOUND', `${missing.length === 1 ? 'Pet' : 'Pets'} ${shown} ${missing.length === 1 ? 'does' : 'do'} not exist: nothing was changed`);
      }
      if (changes.categoryId !== undefined && !(yield* ctx.categories.find(changes.categoryId))) {
        const message = `Category ${changes.categoryId} does not exist`;
        throw new StoreError('REFERENCE_NOT_FOUND', `${message}: nothing was changed`, [{ path: 'changes.categoryId', message }]);
      }
      for (const petId of petIds) {
        try {
          yield* update(petId, changes);
        } catch (error) {
          // The pet's own refusal, said to be the whole request's.
          if (error instanceof StoreError) throw new StoreError(error.code, `${error.message}. Nothing was changed`, error.details);
          throw error;
        }
      }
      return { updated: petIds.length };
    });
}
