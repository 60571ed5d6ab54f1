import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';

/**
 * REST test files the PostgreSQL run leaves out: they start no server of the suite's (they run the
 * CLI or a listener of their own on SQLite), or they test SQLite's own machinery (each says why).
 */
const REST_SUITES_NOT_ON_POSTGRES = [
  // No test server: the CLI, the launcher, TLS and shutdown run `petstore serve` or a listener on a SQLite file.
  'test/rest/cli.test.ts',
  'test/rest/events-replay-turns.test.ts',
  'test/rest/launcher.test.ts',
  'test/rest/rate-limit.test.ts',
  'test/rest/shared-limits.test.ts',
  'test/rest/shutdown.test.ts',
  'test/rest/tls.test.ts',
  // SQLite's file on a full 8 MiB tmpfs: a PostgreSQL server's disk is its own, which no test here fills.
  'test/rest/full-disk.test.ts',
];

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
      // The REST suite again with the store on PostgreSQL (the run's throwaway cluster; skipped where it is missing).
      {
        extends: true,
        test: {
          name: 'rest-postgres',
          include: ['test/rest/**/*.test.ts'],
          exclude: [...REST_SUITES_NOT_ON_POSTGRES, 'test/e2e/**', 'node_modules/**'],
          env: { PETSTORE_TEST_ENGINE: 'postgres' },
        },
      },
    ],
  },
});
