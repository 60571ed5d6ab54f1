import { computed } from 'vue';
import { newestReadList } from './newest-read-list';

/** A row that can be revoked and stays listed after (tokens, paired tills): the owner sees what once had access. */
export interface Revocable {
  id: number;
  revokedAt: string | null;
}

/**
 * The state and reads of a revocable list, for a setup store to spread: `list` reads every row,
 * revoked ones included (the newest read's answer kept, newest-read-list.ts); `revokeOne` revokes one by id.
 */
export function revocableList<T extends Revocable>(list: () => Promise<T[]>, revokeOne: (id: number) => Promise<T>) {
  const { items, loading, load, refresh } = newestReadList(list);
  const active = computed(() => items.value.filter((row) => row.revokedAt === null));

  /** Revokes one: it is refused from its next call. */
  async function revoke(id: number): Promise<T> {
    const revoked = await revokeOne(id);
    await load();
    return revoked;
  }

  return { items, loading, active, load, refresh, revoke };
}
