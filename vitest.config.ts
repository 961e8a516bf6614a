import { defineConfig } from 'vitest/config';
import { ONE_DATABASE_FILES, PGLITE_ONLY_FILES, POSTGRES_ONLY_FILES } from './test/helpers/api-databases.js';

/**
 * Vitest projects: `unit` (pure functions), `process` (server/main.ts as a child process), `api-pglite` (whole app on PGlite, always) and `api-pg`
 * (the API tests on PostgreSQL, only when TEST_DATABASE_URL is set). Each API test file gets a fresh database.
 * With both, the files whose subject does not depend on the database run on PostgreSQL only, and every other file
 * on both (test/helpers/api-databases.ts); without TEST_DATABASE_URL every API file runs on PGlite.
 *
 * Suited to 2 cores: two forked workers, and the unit and API files share their worker's loaded modules
 * (`isolate: false`: the app is imported once per worker, not once per file; every file still builds its own app
 * and database). The `process` files start real processes and keep their own workers.
 * Every project hashes passwords at a cheap argon2id cost (ARGON2_*, inherited by the processes the tests start):
 * what the tests check of passwords does not depend on the cost.
 */
const TEST_ENV = { ARGON2_MEMORY_KIB: '64', ARGON2_ITERATIONS: '1' };
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const projects: Array<{ test: Record<string, unknown> }> = [
  { test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', env: TEST_ENV, isolate: false } },
  // The real entry point in a child process (start, signals, restart) on the embedded database.
  { test: { name: 'process', include: ['test/process/**/*.test.ts'], environment: 'node', env: TEST_ENV, testTimeout: 120_000, hookTimeout: 60_000 } },
  {
    test: {
      name: 'api-pglite',
      include: ['test/api/**/*.test.ts'],
      exclude: withPostgres ? [...ONE_DATABASE_FILES, ...POSTGRES_ONLY_FILES] : [...POSTGRES_ONLY_FILES],
      environment: 'node',
      env: { ...TEST_ENV, VIGIE_TEST_DB: 'pglite' },
      isolate: false,
      globalSetup: ['test/helpers/pglite-global-setup.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];
if (withPostgres) {
  projects.push({
    test: {
      name: 'api-pg',
      include: ['test/api/**/*.test.ts'],
      exclude: [...PGLITE_ONLY_FILES],
      environment: 'node',
      env: { ...TEST_ENV, VIGIE_TEST_DB: 'pg' },
      isolate: false,
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
