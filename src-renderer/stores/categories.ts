import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Category, CategoryPatch, NewCategory } from '../../src-shared/schemas/category';
import { api } from '../api/client';
import { PAGE_LIMIT_MAX } from '../../src-shared/schemas/common';

/** Categories, all of them (a shop has tens, not thousands). */
export const useCategoriesStore = defineStore('categories', () => {
  const items = ref<Category[]>([]);
  const loading = ref(false);
  /** Pets per category id, filled by `loadPetCounts` (the Categories screen shows them). */
  const petCounts = ref<Record<number, number>>({});
  let generation = 0;

  const byId = computed(() => new Map(items.value.map((category) => [category.id, category])));

  /** Loads every category, page by page; a newer load wins over an older one still under way. */
  async function load(): Promise<void> {
    const mine = ++generation;
    loading.value = true;
    try {
      const all: Category[] = [];
      let cursor: string | undefined;
      do {
        const page = await api().call('categories.list', { limit: PAGE_LIMIT_MAX, cursor });
        all.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      if (mine === generation) items.value = all;
    } finally {
      if (mine === generation) loading.value = false;
    }
  }

  /** Counts the pets of every category, in one call (a loaded category that is not counted has none). */
  async function loadPetCounts(): Promise<void> {
    const counted = await api().call('categories.petCounts', {});
    const counts: Record<number, number> = Object.fromEntries(items.value.map((category) => [category.id, 0]));
    for (const { categoryId, pets } of counted) counts[categoryId] = pets;
    petCounts.value = counts;
  }

  /** Adds a category; rejects with the store's StoreError (e.g. CATEGORY_NAME_TAKEN) when refused. */
  async function create(category: NewCategory): Promise<Category> {
    const created = await api().call('categories.create', category);
    await load();
    petCounts.value = { ...petCounts.value, [created.id]: 0 }; // new: no pets yet (no need to ask)
    return created;
  }

  /**
   * Changes only the fields given (what the clerk edited; an empty description clears it), so a
   * change made elsewhere to the other field meanwhile is kept.
   */
  async function update(categoryId: number, changes: CategoryPatch): Promise<Category> {
    const saved = await api().call('categories.update', { categoryId, changes });
    await load();
    return saved;
  }

  /** Deletes a category; rejects with CATEGORY_IN_USE while pets belong to it. */
  async function remove(categoryId: number): Promise<void> {
    await api().call('categories.delete', { categoryId });
    await load();
  }

  /** The category's name, or its id when it is not (yet) loaded. */
  function nameOf(id: number): string {
    return byId.value.get(id)?.name ?? `#${id}`;
  }

  return { items, loading, petCounts, byId, load, loadPetCounts, create, update, remove, nameOf };
});
