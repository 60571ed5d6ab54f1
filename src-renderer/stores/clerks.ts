import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { OperationInput } from '../../src-shared/contract';
import type { Clerk } from '../../src-shared/schemas/clerk';
import { api } from '../api/client';

/** The shop's clerks for the owner's Settings > Clerks: those who left only when asked for. */
export const useClerksStore = defineStore('clerks', () => {
  const items = ref<Clerk[]>([]);
  const loading = ref(false);
  /** Whether the list shows the clerks who left too. */
  const showLeft = ref(false);

  /** Bumped by each read: only the newest read's answer is kept (a poll may answer after a change). */
  let reads = 0;
  async function read(): Promise<void> {
    const mine = ++reads;
    const answer = await api().call('clerks.list', { includeInactive: showLeft.value });
    if (mine === reads) items.value = answer;
  }

  /** Loads the clerks, by name, showing the load. */
  async function load(): Promise<void> {
    loading.value = true;
    try {
      await read();
    } finally {
      loading.value = false;
    }
  }

  /** Reads them again quietly: a clerk added with the command line is in no event. */
  async function refresh(): Promise<void> {
    await read();
  }

  /** Adds a clerk with a role and a PIN; rejects with VALIDATION_FAILED (a name taken) as the service says. */
  async function create(clerk: OperationInput<'clerks.create'>): Promise<Clerk> {
    const created = await api().call('clerks.create', clerk);
    await load();
    return created;
  }

  /** Changes a clerk's PIN, role or active flag (their open sessions end); refusals as the service says. */
  async function update(patch: OperationInput<'clerks.update'>): Promise<Clerk> {
    const changed = await api().call('clerks.update', patch);
    await load();
    return changed;
  }

  /** Shows or hides the clerks who left. */
  async function setShowLeft(on: boolean): Promise<void> {
    showLeft.value = on;
    await load();
  }

  return { items, loading, showLeft, load, refresh, create, update, setShowLeft };
});
