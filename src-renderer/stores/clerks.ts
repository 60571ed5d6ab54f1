import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { OperationInput } from '../../src-shared/contract';
import type { Clerk } from '../../src-shared/schemas/clerk';
import { api } from '../api/client';
import { newestReadList } from './newest-read-list';

/** The shop's clerks for the owner's Settings > Clerks: those who left only when asked for. */
export const useClerksStore = defineStore('clerks', () => {
  /** Whether the list shows the clerks who left too. */
  const showLeft = ref(false);
  // Read again quietly while shown: a clerk added with the command line is in no event.
  const { items, loading, load, refresh } = newestReadList(() => api().call('clerks.list', { includeInactive: showLeft.value }));

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
