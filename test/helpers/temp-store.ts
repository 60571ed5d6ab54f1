import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiResult } from '../../src-shared/api-result';
import type { CallableOperationName, OperationInput, OperationOutput } from '../../src-shared/contract';
import type { ErrorBody } from '../../src-shared/errors';
import { invokeOperation } from '../../src-main/service/invoke';
import { openStore, type Store } from '../../src-main/service/store';
import type { OpenOptions } from '../../src-main/db/connection';

/** A fresh folder under the OS temp dir, removed by `cleanup()`. */
export function tempDir(prefix = 'petstore-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestStore {
  store: Store;
  file: string;
  dir: string;
  /** Calls an operation the way IPC does (raw input parsed by the contract) and returns the result. */
  call<K extends CallableOperationName>(name: K, input?: OperationInput<K> | Record<string, unknown>): ApiResult<OperationOutput<K>>;
  /** Calls and expects success: returns the data or throws with the Error object. */
  ok<K extends CallableOperationName>(name: K, input?: OperationInput<K> | Record<string, unknown>): OperationOutput<K>;
  /** Calls and expects failure: returns the Error object or throws. */
  fail<K extends CallableOperationName>(name: K, input?: OperationInput<K> | Record<string, unknown>): ErrorBody;
  close(): void;
}

/** A real store on a real SQLite file in a temp dir. */
export function openTestStore(options: OpenOptions = {}): TestStore {
  const { dir, cleanup } = tempDir();
  const file = join(dir, 'store.db');
  const store = openStore(file, options);
  const call = ((name: CallableOperationName, input: unknown = {}) => invokeOperation(store.handlers, name, input)) as TestStore['call'];
  return {
    store,
    file,
    dir,
    call,
    ok(name, input) {
      const result = call(name, input);
      if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result.error)}`);
      return result.data;
    },
    fail(name, input) {
      const result = call(name, input);
      if (result.ok) throw new Error(`${name} succeeded unexpectedly: ${JSON.stringify(result.data)}`);
      return result.error;
    },
    close() {
      store.close();
      cleanup();
    },
  };
}
