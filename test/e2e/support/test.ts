import { expect, test as base } from '@playwright/test';

/**
 * Playwright's `test`, with one rule for every screen test: the page must throw nothing. An
 * uncaught exception in the renderer (a handler that failed, a watcher run too early) fails the
 * test that caused it, even when the screen happens to look right.
 */
export const test = base.extend<{ failOnPageErrors: void }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
      await use();
      expect(errors, 'uncaught exceptions in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Locator, Page } from '@playwright/test';
