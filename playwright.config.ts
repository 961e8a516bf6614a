import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests on Debian's Chromium (CHROMIUM_PATH, set by scripts/test.mjs) against the real app, its RNE
 * worker on, against the fake RNE API (test/helpers/fake-rne-server.ts).
 *
 * Each Playwright worker has a server of its own: worker slot n (TEST_PARALLEL_INDEX, 0 to E2E_WORKERS - 1) talks
 * to the app on E2E_PORT + 2n, whose fake RNE API listens on E2E_PORT + 2n + 1, and whose DATA_DIR is the slot's
 * folder under one temporary directory. The demo is seeded once, then copied into each slot's folder before its
 * server starts (the webServer entries start one after another, in order).
 */
const basePort = Number(process.env.E2E_PORT ?? 8181);
/** Number of workers, and of servers (one each). */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
/** This process's worker slot (0 in the main process, which only starts the servers). */
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** App port of worker slot `n`. */
const appPort = (n: number) => basePort + 2 * n;
/** Port of the fake RNE API of this worker's server (RNE_API_URL of that app). */
export const FAKE_RNE_PORT = appPort(slot) + 1;
// Created once by the main process; workers that load this file again inherit the variable.
process.env.VIGIE_E2E_ROOT ??= fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-e2e-'));
const root = process.env.VIGIE_E2E_ROOT;
/** DATA_DIR of the server of worker slot `n`. */
const dataDirOf = (n: number) => path.join(root, `w${n}`);
/** The DATA_DIR of this worker's server (its inbox folders are under it). */
process.env.VIGIE_E2E_DATA_DIR = dataDirOf(slot);
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-super-password' };
/** Environment shared by the demo seed and every server. */
const appEnv = {
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  ADMIN_EMAIL: E2E_ADMIN.email,
  ADMIN_PASSWORD: E2E_ADMIN.password,
  LOG_LEVEL: 'warn',
  API_DOCS_URL: 'https://docs.example.com/api',
  RNE_WORKER: 'on',
  // Uploads writing more update-log entries than this wait for a confirmation (test/e2e/imports.spec.ts); the
  // other specs' uploads stay under it (the BODACC bulletin writes 55).
  FEED_CONFIRM_THRESHOLD: '100',
  // The customer API's usage counters reach the table twice a second (test/e2e/customers-usage.spec.ts waits for them).
  API_USAGE_FLUSH_MS: '500',
  // A cheap argon2id cost: what the tests check of passwords does not depend on it.
  ARGON2_MEMORY_KIB: process.env.ARGON2_MEMORY_KIB ?? '64',
  ARGON2_ITERATIONS: process.env.ARGON2_ITERATIONS ?? '1',
};
const seedDir = path.join(root, 'seed');
/** Copies the seeded demo into a slot's folder (a portable `cp -r`). */
const copySeed = (n: number) =>
  `node -e "require('node:fs').cpSync(process.argv[1], process.argv[2], { recursive: true })" ${JSON.stringify(seedDir)} ${JSON.stringify(dataDirOf(n))}`;

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers,
  // A failed test runs once more, recording its trace (below), and still fails `npm test`: scripts/test.mjs counts a
  // test that passes only on its retry ("flaky") as failed.
  retries: 1,
  // How long a step may take is no property of these tests (budgets are the bench's, CONVENTIONS.md section 5): the
  // limits leave a loaded 2-core machine room to draw a page of 200 rows, and only a failing check waits that long.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${appPort(slot)}`,
    locale: 'fr-FR',
    reducedMotion: 'reduce',
    timezoneId: 'Europe/Paris',
    // A failed test leaves a screenshot of its end, and its retry a full trace (each action's page, screencast, network
    // and console). Passing tests record nothing: a trace recorded in every test cost the browser nearly half its CPU
    // (its screencast) and another eighth (its page snapshots), whether the test failed or not.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: Array.from({ length: workers }, (_, n) => [
    {
      // Started before its app: the app's worker logs in to it.
      command: `node --import tsx test/helpers/fake-rne-cli.ts --port ${appPort(n) + 1}`,
      port: appPort(n) + 1,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The demo (the real INSEE and BODACC samples and what is built on them, groups VIP/Favoris) is seeded once,
      // before the first server starts, and each server starts on a copy of it.
      command: [...(n === 0 ? [`DATA_DIR=${JSON.stringify(seedDir)} node --import tsx scripts/seed-demo.ts`] : []), copySeed(n), 'node --import tsx server/main.ts'].join(' && '),
      url: `http://127.0.0.1:${appPort(n)}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...appEnv,
        PORT: String(appPort(n)),
        DATA_DIR: dataDirOf(n),
        RNE_API_URL: `http://127.0.0.1:${appPort(n) + 1}`,
      },
    },
  ]).flat(),
});
