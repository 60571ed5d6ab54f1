import { ref, type Ref } from 'vue';

/**
 * A list read from an operation, for a setup store to spread: only the newest read's answer is kept,
 * so a poll that answers after a change cannot bring back the list as it was before.
 */
export function newestReadList<T>(list: () => Promise<T[]>) {
  const items = ref([]) as Ref<T[]>;
  const loading = ref(false);

  let reads = 0;
  async function read(): Promise<void> {
    const mine = ++reads;
    const answer = await list();
    if (mine === reads) items.value = answer;
  }

  /** Loads every row, showing the load. */
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

  return { items, loading, load, refresh };
}
