import { computed, ref } from 'vue';

/** A row that can be revoked and stays listed after (tokens, paired tills): the owner sees what once had access. */
export interface Revocable {
  id: number;
  revokedAt: string | null;
}

/**
 * The state and reads of a revocable list, for a setup store to spread: `list` reads every row,
 * revoked ones included; `revokeOne` revokes one by id. Only the newest read's answer is kept, so a
 * poll that answers after a create or revoke cannot bring back the list as it was before.
 */
export function revocableList<T extends Revocable>(list: () => Promise<T[]>, revokeOne: (id: number) => Promise<T>) {
  const items = ref<T[]>([]);
  const loading = ref(false);
  const active = computed(() => items.value.filter((row) => row.revokedAt === null));

  let reads = 0;
  async function read(): Promise<void> {
    const mine = ++reads;
    const answer = await list();
    if (mine === reads) items.value = answer;
  }

  /** Loads every row, newest first, showing the load. */
  async function load(): Promise<void> {
    loading.value = true;
    try {
      await read();
    } finally {
      loading.value = false;
    }
  }

  /** Reads them again without showing a load: what changed elsewhere is in no event, so screens ask while shown. */
  async function refresh(): Promise<void> {
    await read();
  }

  /** Revokes one: it is refused from its next call. */
  async function revoke(id: number): Promise<T> {
    const revoked = await revokeOne(id);
    await load();
    return revoked;
  }

  return { items, loading, active, load, refresh, revoke };
}
