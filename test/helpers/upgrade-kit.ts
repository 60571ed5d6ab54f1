/**
 * What the upgrade tests of each migration share (test/db/migration-00NN.test.ts): stores and temp
 * folders closed and removed after each test, and a call that must succeed.
 */
import { afterEach } from 'vitest';
import { invokeOperation } from '../../src-main/service/invoke';
import { openStore, type Store } from '../../src-main/service/store';

export function upgradeTestKit() {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).reverse().forEach((cleanup) => cleanup()));
  return {
    /** Run after the test, last pushed first. */
    cleanups,
    /** Opens (and so upgrades) the store file; closed after the test. */
    open(file: string): Store {
      const store = openStore(file);
      cleanups.push(() => store.close());
      return store;
    },
    /** An operation that must succeed: its data. */
    ok(store: Store, name: string, input: unknown = {}): any {
      const result = invokeOperation(store.handlers, name as never, input);
      if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result.error)}`);
      return result.data;
    },
  };
}
