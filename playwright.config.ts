import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests on Debian's Chromium (CHROMIUM_PATH, set by scripts/test.mjs) against the real app
 * started on a fresh embedded database in a temporary DATA_DIR, its RNE worker on, against the fake RNE API
 * (test/helpers/fake-rne-server.ts) started beside it on E2E_PORT + 1 (issue 11).
 */
const port = Number(process.env.E2E_PORT ?? 8181);
/** Port of the fake RNE API (RNE_API_URL of the app). */
export const FAKE_RNE_PORT = port + 1;
// Created once by the main process; workers that load this file again inherit the variable.
process.env.VIGIE_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-e2e-'));
const dataDir = process.env.VIGIE_E2E_DATA_DIR;
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-super-password' };

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: [
    {
      // Started first: the app's worker logs in to it.
      command: `node --import tsx test/helpers/fake-rne-cli.ts --port ${FAKE_RNE_PORT}`,
      port: FAKE_RNE_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The demo (the real INSEE and BODACC samples and what is built on them, groups VIP/Favoris) is seeded before the server starts.
      command: `node --import tsx scripts/seed-demo.ts && node --import tsx server/main.ts`,
      url: `http://127.0.0.1:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ADMIN_EMAIL: E2E_ADMIN.email,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: 'warn',
        API_DOCS_URL: 'https://docs.example.com/api',
        RNE_API_URL: `http://127.0.0.1:${FAKE_RNE_PORT}`,
        RNE_WORKER: 'on',
      },
    },
  ],
});
