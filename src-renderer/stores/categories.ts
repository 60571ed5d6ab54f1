import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Category } from '../../src-shared/schemas/category';
import { api } from '../api/client';

/** Categories, all of them (a shop has tens, not thousands). */
export const useCategoriesStore = defineStore('categories', () => {
  const items = ref<Category[]>([]);
  const loading = ref(false);

  const byId = computed(() => new Map(items.value.map((category) => [category.id, category])));

  /** Loads every category, page by page. */
  async function load(): Promise<void> {
    loading.value = true;
    try {
      const all: Category[] = [];
      let cursor: string | undefined;
      do {
        const page = await api().call('categories.list', { limit: 500, cursor });
        all.push(...page.items);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      items.value = all;
    } finally {
      loading.value = false;
    }
  }

  /** The category's name, or its id when it is not (yet) loaded. */
  function nameOf(id: number): string {
    return byId.value.get(id)?.name ?? `#${id}`;
  }

  return { items, loading, byId, load, nameOf };
});
