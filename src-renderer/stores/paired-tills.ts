import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { PairingCode } from '../../src-shared/schemas/till';
import { api } from '../api/client';
import { revocableList } from './revocable-list';

/**
 * The tills paired with this shop server, revoked ones included, and the pairing code last made here.
 * A till pairs from its own machine and no event says so: the screen refreshes while shown.
 */
export const usePairedTillsStore = defineStore('pairedTills', () => {
  const list = revocableList(
    () => api().call('tills.list', { includeRevoked: true }),
    (tillId) => api().call('tills.revoke', { tillId }),
  );
  /** The code made last in this window: shown until another is made (the screen says when it expired). */
  const code = ref<PairingCode | null>(null);

  /** Makes a one-time pairing code (10 minutes) and keeps it to show. */
  async function makeCode(): Promise<PairingCode> {
    const made = await api().call('tills.pairingCode', {});
    code.value = made;
    return made;
  }

  return { ...list, code, makeCode };
});
