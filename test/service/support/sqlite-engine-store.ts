import type { EngineStore } from '../../helpers/engine-stores';
import type { TestStore } from '../../helpers/temp-store';

/** A SQLite test store seen as an EngineStore, for SQLite-only tests that share helpers with the both-engine ones. */
export function asEngineStore(t: TestStore): EngineStore {
  return {
    engine: 'sqlite',
    call: async (name, input) => t.call(name, input),
    ok: async (name, input) => t.ok(name, input),
    fail: async (name, input) => t.fail(name, input),
    close: async () => t.close(),
  };
}
