import { defineConfig } from 'vitest/config';

/**
 * Vitest projects: `unit` (pure functions), `process` (server/main.ts as a child process), `api-pglite` (whole app on PGlite, always) and `api-pg`
 * (same API tests on PostgreSQL, only when TEST_DATABASE_URL is set). Each API test file gets a fresh database.
 */
const projects: Array<{ test: Record<string, unknown> }> = [
  { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' } },
  // The real entry point in a child process (start, signals, restart) on the embedded database.
  { test: { name: 'process', include: ['test/process/**/*.test.ts'], environment: 'node', testTimeout: 120_000 } },
  {
    test: {
      name: 'api-pglite',
      include: ['test/api/**/*.test.ts'],
      environment: 'node',
      env: { VIGIE_TEST_DB: 'pglite' },
      globalSetup: ['test/helpers/pglite-global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'api-pg',
      include: ['test/api/**/*.test.ts'],
      environment: 'node',
      env: { VIGIE_TEST_DB: 'pg' },
      globalSetup: ['test/helpers/pg-global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default defineConfig({
  test: {
    projects,
    pool: 'forks',
    maxWorkers: 2,
  },
});
