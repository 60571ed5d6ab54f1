import { defineStore } from 'pinia';
import { operationDef, type OperationName } from '../../src-shared/contract';
import { useAppInfoStore } from './app-info';
import { useSignInStore } from './sign-in';

/**
 * What this window may call, from the contract's marks alone (docs/decisions.md#owner-only-operations):
 * an `owner` operation needs the owner (logins off, or an owner signed in), and on a till connected
 * to a shop server one without a REST binding is the server machine's work. Screens hide what it refuses.
 */
export const useAccessStore = defineStore('access', () => {
  const signIn = useSignInStore();
  const appInfo = useAppInfoStore();

  /** Whether the screens offer `operation` here (reactive: follows the sign-in and the connection). */
  function mayCall(operation: OperationName): boolean {
    const def = operationDef(operation);
    if (def.access !== 'owner') return true;
    if (appInfo.connection && !def.http) return false;
    return signIn.role === 'owner';
  }

  return { mayCall };
});
