import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { apiReferenceUrl } from '../../src-shared/api-reference';
import type { ListenerStatus } from '../../src-shared/schemas/listener';
import type { StoreSettings } from '../../src-shared/schemas/settings';
import { api } from '../api/client';
import { useSettingsStore } from './settings';

export type ListenerAddress = Pick<StoreSettings, 'listenerHost' | 'listenerPort'>;

/**
 * The local REST listener for integrators: on/off, where it listens, and why it last failed to
 * start. Starting and stopping also sets whether the app starts it next time.
 */
export const useListenerStore = defineStore('listener', () => {
  const status = ref<ListenerStatus | null>(null);
  const busy = ref(false);
  /**
   * Why this window's last move failed while the listener kept running where it was. The service
   * says so only in the move's answer (nothing is wrong afterwards), so it is kept here until the
   * clerk edits the address, moves, starts or stops it.
   */
  const moveError = ref<string | null>(null);

  const running = computed(() => status.value?.running ?? false);
  /** The human-readable API reference the listener serves (beside /v1). */
  const docsUrl = computed(() => (status.value?.url ? apiReferenceUrl(status.value.url) : null));

  /** Bumped by each command: a quiet re-read that answers after one started is not kept. */
  let commands = 0;

  async function run(work: () => Promise<ListenerStatus>): Promise<ListenerStatus> {
    commands++;
    busy.value = true;
    moveError.value = null;
    try {
      status.value = await work();
      return status.value;
    } finally {
      busy.value = false;
    }
  }

  /**
   * Reads the status again without showing a load (another window or program may have started,
   * stopped or moved it); skipped while a start, stop or move of this window is under way.
   */
  async function refresh(): Promise<void> {
    if (busy.value) return;
    const before = commands;
    const answer = await api().call('listener.status', {});
    if (before === commands && !busy.value) status.value = answer;
  }

  /** Reads whether it runs, where, and the last start error. */
  async function load(): Promise<ListenerStatus> {
    return run(() => api().call('listener.status', {}));
  }

  /** Starts it on the configured address; a failure (port in use) is in the answer's `lastError`. */
  async function start(): Promise<ListenerStatus> {
    return run(() => api().call('listener.start', {}));
  }

  /** Stops it; requests in flight finish first. */
  async function stop(): Promise<ListenerStatus> {
    return run(() => api().call('listener.stop', {}));
  }

  /**
   * Saves a new address, port or both (what is not given stays as the listener is now); a running
   * listener moves there at once, or, when it cannot, keeps running where it was with the old
   * address saved (the answer's `lastError` says why). Answers whether it was running.
   */
  async function changeAddress(address: Partial<ListenerAddress>): Promise<{ restarted: boolean; status: ListenerStatus }> {
    const wasRunning = running.value;
    const next = await run(() => api().call('listener.move', address));
    if (next.running && next.lastError) {
      // Kept apart from the status, which (as the service's) has nothing wrong now.
      moveError.value = next.lastError;
      status.value = { ...next, lastError: null };
    }
    await useSettingsStore().load();
    return { restarted: wasRunning, status: next };
  }

  /** The clerk edits the address again: the failed move's message has been read. */
  function dismissMoveError(): void {
    moveError.value = null;
  }

  return { status, busy, running, docsUrl, moveError, load, refresh, start, stop, changeAddress, dismissMoveError };
});
