import { must, startHost, type RunningHost } from './browser-host';
import { test } from './test';

/** A spec file's browser host and the categories it starts with. */
export interface Shop {
  /** The running host (from the spec's first `beforeAll` on). */
  readonly host: RunningHost;
  /** The id of a category named in `useShop`. */
  categoryId(name: string): number;
}

/**
 * Starts a browser host with a fresh database before the spec file's tests, creates these
 * categories in it, and stops it after them. Declare it first: the spec's own `beforeAll` hooks
 * run after this one and may use `shop.host`.
 */
export function useShop(...categories: string[]): Shop {
  let running: RunningHost | undefined;
  const ids = new Map<string, number>();
  test.beforeAll(async () => {
    running = await startHost();
    for (const name of categories) ids.set(name, (await must(running.call<{ id: number }>('categories.create', { name }))).id);
  });
  test.afterAll(async () => running?.stop());
  return {
    get host() {
      if (!running) throw new Error('The browser host is not started yet: use shop.host inside hooks and tests');
      return running;
    },
    categoryId(name) {
      const id = ids.get(name);
      if (id === undefined) throw new Error(`No category "${name}" was created by useShop`);
      return id;
    },
  };
}
