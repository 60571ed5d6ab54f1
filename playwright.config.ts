import { defineConfig } from '@playwright/test';

/**
 * Browser tests run in Debian's Chromium (never a downloaded browser): the built renderer served
 * by the browser host, wired to the real service. The Electron test runs only where the Electron
 * binary is installed and says why it is skipped elsewhere.
 */
export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/support/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One worker per core. Each test has a store of its own (support/shop.ts), so any test may run
  // on either worker; a spec whose tests share one store says so (test.describe.configure).
  fullyParallel: true,
  workers: 2,
  // On CI a test that fails is run once more, and one that then passes is reported as flaky (with
  // its first failure's page snapshot printed by .ci/run), so that a rare timing fault does not
  // hide every other result; a real fault fails both times. Locally a failure is final.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    viewport: { width: 1280, height: 800 },
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /electron\.spec\.ts/,
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
    { name: 'electron', testMatch: /electron\.spec\.ts/ },
  ],
});
