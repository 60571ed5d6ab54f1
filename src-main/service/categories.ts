import { StoreError } from '../../src-shared/errors';
import type { Category, NewCategory } from '../../src-shared/schemas/category';
import type { CategoryRow } from '../db/repositories/categories';
import type { Step } from '../db/step';
import type { HandlerContext } from './handler-context';
import { stepHandlers, type StepHandlersFor } from './handler-types';
import { categoryModel } from './to-model';

export const categoryHandlers = stepHandlers((ctx: HandlerContext): StepHandlersFor<'categories'> => {
  function* mustFind(id: number): Step<CategoryRow> {
    const category = yield* ctx.categories.find(id);
    if (!category) throw new StoreError('NOT_FOUND', `Category ${id} does not exist`);
    return category;
  }

  function* requireFreeName(name: string, exceptId?: number): Step<void> {
    const holder = yield* ctx.categories.findByName(name);
    if (holder && holder.id !== exceptId) {
      throw new StoreError('CATEGORY_NAME_TAKEN', `A category named "${holder.name}" already exists`, [
        { path: 'name', message: 'Another category has this name' },
      ]);
    }
  }

  function* save(id: number, fields: NewCategory): Step<Category> {
    yield* requireFreeName(fields.name, id);
    // An empty description is none.
    yield* ctx.categories.update(id, fields.name, { description: fields.description || null, taxRate: fields.taxRate, lowStockThreshold: fields.lowStockThreshold });
    const category = categoryModel(yield* mustFind(id));
    yield* ctx.events.append('category.updated', category);
    return category;
  }

  return {
    *'categories.list'(query) {
      const { rows, total, nextCursor } = yield* ctx.categories.list(query);
      return { items: rows.map(categoryModel), total, nextCursor };
    },

    'categories.create': ({ name, description, taxRate, lowStockThreshold }) =>
      ctx.write(function* () {
        yield* requireFreeName(name);
        const id = yield* ctx.categories.insert(name, { description: description || null, taxRate, lowStockThreshold });
        const category = categoryModel(yield* mustFind(id));
        yield* ctx.events.append('category.created', category);
        return category;
      }),

    *'categories.get'({ categoryId }) {
      return categoryModel(yield* mustFind(categoryId));
    },

    'categories.replace': ({ categoryId, category }) =>
      ctx.write(function* () {
        yield* mustFind(categoryId);
        return yield* save(categoryId, category);
      }),

    'categories.update': ({ categoryId, changes }) =>
      ctx.write(function* () {
        const before = categoryModel(yield* mustFind(categoryId));
        // A field given as undefined (IPC's structured clone keeps such keys) is a field not given:
        // spreading it would clear the description or leave the name undefined (a 500).
        return yield* save(categoryId, {
          name: changes.name ?? before.name,
          description: changes.description !== undefined ? changes.description : before.description,
          // null clears the rate (the shop's default applies again); undefined leaves it.
          taxRate: changes.taxRate !== undefined ? (changes.taxRate ?? undefined) : before.taxRate,
          // null clears the threshold (the shop's applies again); pets it makes low fire no event.
          lowStockThreshold: changes.lowStockThreshold !== undefined ? (changes.lowStockThreshold ?? undefined) : before.lowStockThreshold,
        });
      }),

    *'categories.petCounts'() {
      return [...(yield* ctx.pets.countPerCategory())];
    },

    'categories.delete': ({ categoryId }) =>
      ctx.write(function* () {
        const category = categoryModel(yield* mustFind(categoryId));
        const pets = yield* ctx.categories.petCount(categoryId);
        if (pets > 0) {
          throw new StoreError(
            'CATEGORY_IN_USE',
            `Category "${category.name}" still has ${pets} pet${pets === 1 ? '' : 's'}: move or delete them first`,
          );
        }
        yield* ctx.categories.remove(categoryId);
        yield* ctx.events.append('category.deleted', category);
        return null;
      }),
  };
});
