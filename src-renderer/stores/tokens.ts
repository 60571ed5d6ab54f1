import { defineStore } from 'pinia';
import type { OperationInput, OperationOutput } from '../../src-shared/contract';
import { api } from '../api/client';
import { revocableList } from './revocable-list';

/**
 * The REST API's tokens, revoked ones included. Made or revoked elsewhere (the CLI, another window),
 * they are not in the change log (their labels are private): the screen refreshes while shown.
 */
export const useTokensStore = defineStore('tokens', () => {
  const list = revocableList(
    () => api().call('tokens.list', { includeRevoked: true }),
    (tokenId) => api().call('tokens.revoke', { tokenId }),
  );

  /** Creates a token; the answer holds its secret, which is never available again. */
  async function create(token: OperationInput<'tokens.create'>): Promise<OperationOutput<'tokens.create'>> {
    const created = await api().call('tokens.create', token);
    await list.load();
    return created;
  }

  return { ...list, create };
});
