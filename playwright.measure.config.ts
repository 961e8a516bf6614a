import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run measure`: the performance measurement `test/e2e/perf.measure.ts`, on the
 * same server and demo data as the end-to-end tests, reported and never asserted. `npm test`'s Playwright
 * run does not pick it up (its default match is `*.spec.ts` / `*.test.ts`).
 */
export default defineConfig({
  ...base,
  testMatch: 'perf.measure.ts',
  reporter: [['list']],
  retries: 0,
  timeout: 300_000,
  use: { ...base.use, trace: 'off' },
});
