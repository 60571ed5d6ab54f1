import { StoreError } from '../../src-shared/errors';
import type { Category, NewCategory } from '../../src-shared/schemas/category';
import type { CategoryRow } from '../db/repositories/categories';
import type { ServiceContext } from './context';
import type { HandlersFor } from './handler-types';
import { categoryModel } from './to-model';

export function categoryHandlers(ctx: ServiceContext): HandlersFor<'categories'> {
  function mustFind(id: number): CategoryRow {
    const category = ctx.categories.find(id);
    if (!category) throw new StoreError('NOT_FOUND', `Category ${id} does not exist`);
    return category;
  }

  function requireFreeName(name: string, exceptId?: number): void {
    const holder = ctx.categories.findByName(name);
    if (holder && holder.id !== exceptId) {
      throw new StoreError('CATEGORY_NAME_TAKEN', `A category named "${holder.name}" already exists`, [
        { path: 'name', message: 'Another category has this name' },
      ]);
    }
  }

  function save(id: number, fields: NewCategory): Category {
    requireFreeName(fields.name, id);
    // An empty description is none.
    ctx.categories.update(id, fields.name, { description: fields.description || null, taxRate: fields.taxRate, lowStockThreshold: fields.lowStockThreshold });
    const category = categoryModel(mustFind(id));
    ctx.events.append('category.updated', category);
    return category;
  }

  return {
    'categories.list': (query) => {
      const { rows, total, nextCursor } = ctx.categories.list(query);
      return { items: rows.map(categoryModel), total, nextCursor };
    },

    'categories.create': ({ name, description, taxRate, lowStockThreshold }) =>
      ctx.write(() => {
        requireFreeName(name);
        const id = ctx.categories.insert(name, { description: description || null, taxRate, lowStockThreshold });
        const category = categoryModel(mustFind(id));
        ctx.events.append('category.created', category);
        return category;
      }),

    'categories.get': ({ categoryId }) => categoryModel(mustFind(categoryId)),

    'categories.replace': ({ categoryId, category }) =>
      ctx.write(() => {
        mustFind(categoryId);
        return save(categoryId, category);
      }),

    'categories.update': ({ categoryId, changes }) =>
      ctx.write(() => {
        const before = categoryModel(mustFind(categoryId));
        // A field given as undefined (IPC's structured clone keeps such keys) is a field not given:
        // spreading it would clear the description or leave the name undefined (a 500).
        return save(categoryId, {
          name: changes.name ?? before.name,
          description: changes.description !== undefined ? changes.description : before.description,
          // null clears the rate (the shop's default applies again); undefined leaves it.
          taxRate: changes.taxRate !== undefined ? (changes.taxRate ?? undefined) : before.taxRate,
          // null clears the threshold (the shop's applies again); pets it makes low fire no event.
          lowStockThreshold: changes.lowStockThreshold !== undefined ? (changes.lowStockThreshold ?? undefined) : before.lowStockThreshold,
        });
      }),

    'categories.petCounts': () => [...ctx.pets.countPerCategory()],

    'categories.delete': ({ categoryId }) =>
      ctx.write(() => {
        const category = categoryModel(mustFind(categoryId));
        const pets = ctx.categories.petCount(categoryId);
        if (pets > 0) {
          throw new StoreError(
            'CATEGORY_IN_USE',
            `Category "${category.name}" still has ${pets} pet${pets === 1 ? '' : 's'}: move or delete them first`,
          );
        }
        ctx.categories.remove(categoryId);
        ctx.events.append('category.deleted', category);
        return null;
      }),
  };
}
