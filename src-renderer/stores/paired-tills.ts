import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { PairingCode, Till } from '../../src-shared/schemas/till';
import { api } from '../api/client';

/** The tills paired with this shop server, revoked ones included, and the pairing code last made here. */
export const usePairedTillsStore = defineStore('pairedTills', () => {
  const items = ref<Till[]>([]);
  const loading = ref(false);
  /** The code made last in this window: shown until another is made (the screen says when it expired). */
  const code = ref<PairingCode | null>(null);

  const active = computed(() => items.value.filter((till) => till.revokedAt === null));

  /** Bumped by each read: only the newest read's answer is kept (a poll may answer after a revoke). */
  let reads = 0;
  async function read(): Promise<void> {
    const mine = ++reads;
    const answer = await api().call('tills.list', { includeRevoked: true });
    if (mine === reads) items.value = answer;
  }

  /** Loads every till, newest first. */
  async function load(): Promise<void> {
    loading.value = true;
    try {
      await read();
    } finally {
      loading.value = false;
    }
  }

  /** Reads them again without showing a load: a till pairs from its own machine, and no event says so. */
  async function refresh(): Promise<void> {
    await read();
  }

  /** Makes a one-time pairing code (10 minutes) and keeps it to show. */
  async function makeCode(): Promise<PairingCode> {
    const made = await api().call('tills.pairingCode', {});
    code.value = made;
    return made;
  }

  /** Revokes a till: it is refused from its next call. */
  async function revoke(tillId: number): Promise<Till> {
    const revoked = await api().call('tills.revoke', { tillId });
    await load();
    return revoked;
  }

  return { items, loading, code, active, load, refresh, makeCode, revoke };
});
