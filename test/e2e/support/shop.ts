import { must, startHost, type RunningHost } from './browser-host';
import { test } from './test';

/** A test's browser host and the categories it starts with. */
export interface Shop {
  /** The running host (from the spec's first `beforeEach` on). */
  readonly host: RunningHost;
  /** The id of a category named in `useShop`. */
  categoryId(name: string): number;
}

/**
 * Gives each test of the spec its own browser host on a fresh database (one start of the worker's
 * host process, about 10 ms), with these categories in it, and stops it after the test: no test sees
 * what another one did. Declare it first: the spec's own `beforeEach` hooks run after this one and
 * may use `shop.host`, as may its `afterEach` hooks.
 */
export function useShop(...categories: string[]): Shop {
  let running: RunningHost | undefined;
  const ids = new Map<string, number>();
  // A test's host is stopped when the next test starts (or after the last), so that every
  // afterEach hook of the spec still has it.
  const stop = async () => {
    const stopping = running;
    running = undefined;
    await stopping?.stop();
  };
  test.beforeEach(async () => {
    await stop();
    running = await startHost();
    ids.clear();
    for (const name of categories) ids.set(name, (await must(running.call<{ id: number }>('categories.create', { name }))).id);
  });
  test.afterAll(stop);
  return {
    get host() {
      if (!running) throw new Error('The browser host is not started yet: use shop.host inside beforeEach hooks and tests');
      return running;
    },
    categoryId(name) {
      const id = ids.get(name);
      if (id === undefined) throw new Error(`No category "${name}" was created by useShop`);
      return id;
    },
  };
}
