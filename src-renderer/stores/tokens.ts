import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { OperationInput, OperationOutput } from '../../src-shared/contract';
import type { ApiToken } from '../../src-shared/schemas/token';
import { api } from '../api/client';

/** The REST API's tokens, revoked ones included (the owner sees what once had access). */
export const useTokensStore = defineStore('tokens', () => {
  const items = ref<ApiToken[]>([]);
  const loading = ref(false);

  const active = computed(() => items.value.filter((token) => token.revokedAt === null));

  /** Bumped by each read: only the newest read's answer is kept (a poll may answer after a create). */
  let reads = 0;

  async function read(): Promise<void> {
    const mine = ++reads;
    const answer = await api().call('tokens.list', { includeRevoked: true });
    if (mine === reads) items.value = answer;
  }

  /** Loads every token, newest first, without secrets. */
  async function load(): Promise<void> {
    loading.value = true;
    try {
      await read();
    } finally {
      loading.value = false;
    }
  }

  /**
   * Reads them again without showing a load: tokens made or revoked elsewhere (the CLI, another
   * window) are not in the change log (their labels are private), so the screen asks now and then.
   */
  async function refresh(): Promise<void> {
    await read();
  }

  /** Creates a token; the answer holds its secret, which is never available again. */
  async function create(token: OperationInput<'tokens.create'>): Promise<OperationOutput<'tokens.create'>> {
    const created = await api().call('tokens.create', token);
    await load();
    return created;
  }

  /** Revokes a token: it stops working at once. */
  async function revoke(tokenId: number): Promise<ApiToken> {
    const revoked = await api().call('tokens.revoke', { tokenId });
    await load();
    return revoked;
  }

  return { items, loading, active, load, refresh, create, revoke };
});
