import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  plugins: [vue()],
  test: {
    // Each project names its own files: a project that extends this config adds to arrays, not replaces them.
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Several suites spawn processes and hammer SQLite; two cores are enough for two at a time.
    maxWorkers: 2,
    // One throwaway PostgreSQL cluster for the run (shared by every project); skipped where it is not installed.
    globalSetup: ['test/helpers/postgres-global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'node', include: ['test/**/*.test.ts'] } },
      // The REST suite again over HTTPS: listeners serve the shop certificate, clients pin it.
      {
        extends: true,
        test: {
          name: 'rest-https',
          include: ['test/rest/**/*.test.ts'],
          env: { PETSTORE_TEST_HTTPS: '1' },
          globalSetup: ['test/rest/support/https-global-setup.ts'],
          setupFiles: ['test/rest/support/https-client.ts'],
        },
      },
    ],
  },
});
