#!/usr/bin/env node
/**
 * `npm test`: every test, in order —
 *   1. the committed migrations are up to date (drizzle-kit);
 *   2. Vitest: unit tests, API tests on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set;
 *   3. Playwright end-to-end tests on Chromium (CHROMIUM_PATH, /usr/bin/chromium, or Playwright's own
 *      browser), on the front end built while Vitest runs, after Vitest (VIGIE_TEST_CONCURRENT=1: beside it).
 *      Without any Chromium they are reported as not run (a failure when CI=true).
 * Ends with one line `vigie: N passed, N failed` and exits non-zero on any failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const node = process.execPath;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-npm-test-'));
let passed = 0;
let failed = 0;
let ok = true;

function run(label, args, env = {}) {
  console.log(`\n── ${label} ──`);
  const started = Date.now();
  const r = spawnSync(node, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`── ${label}: ${seconds(started)} s ──`);
  if (r.status !== 0) ok = false;
  return r.status === 0;
}

/** Like `run`, without blocking this process (what runs in the background meanwhile is timed right). */
function runAsync(label, args, env = {}) {
  console.log(`\n── ${label} ──`);
  const started = Date.now();
  const child = spawn(node, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('error', () => resolve(false));
    child.on('exit', (code) => {
      console.log(`── ${label}: ${seconds(started)} s ──`);
      if (code !== 0) ok = false;
      resolve(code === 0);
    });
  });
}

/** Seconds since `started` (a Date.now() value), rounded. */
function seconds(started) {
  return ((Date.now() - started) / 1000).toFixed(0);
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  try {
    const r = spawnSync(node, ['-e', "process.stdout.write(require('playwright-core').chromium.executablePath())"], { encoding: 'utf8' });
    if (r.status === 0 && r.stdout && fs.existsSync(r.stdout)) return r.stdout;
  } catch {
    /* no Playwright browser */
  }
  return undefined;
}

// 1. migrations
if (run('migrations are up to date', ['scripts/check-migrations.mjs'])) passed += 1;
else failed += 1;

/**
 * Starts `args` in the background, its output kept in a file; the promise tells whether it exited 0 and
 * prints its output under `label` first.
 */
function runInBackground(label, args) {
  const log = path.join(tmp, `${label.replace(/\W+/g, '-')}.log`);
  const fd = fs.openSync(log, 'w');
  const child = spawn(node, args, { stdio: ['ignore', fd, fd], env: process.env });
  fs.closeSync(fd);
  const started = Date.now();
  return new Promise((resolve) => {
    child.on('error', () => resolve(false));
    child.on('exit', (code) => {
      console.log(`\n── ${label} (in the background): ${seconds(started)} s ──`);
      process.stdout.write(fs.readFileSync(log, 'utf8'));
      if (code !== 0) ok = false;
      resolve(code === 0);
    });
  });
}

const chromium = findChromium();
// The front end builds while Vitest runs: neither needs the other, and Vitest leaves a core idle at times.
const built = chromium ? runInBackground('build the front end', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']) : undefined;

/** Vitest: unit and API tests. */
async function vitest() {
  const vitestJson = path.join(tmp, 'vitest.json');
  await runAsync('vitest (unit + API)', ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
  const v = readJson(vitestJson);
  if (v) {
    passed += v.numPassedTests;
    failed += v.numFailedTests + (v.numFailedTestSuites ?? 0);
  } else {
    failed += 1;
  }
}

/** Playwright: the end-to-end tests, once the front end is built. */
async function playwright() {
  if (!chromium) {
    const msg =
      'End-to-end tests did NOT run: no Chromium found. Install it (Debian/Ubuntu: `apt-get install -y chromium`) ' +
      'or set CHROMIUM_PATH to a Chromium/Chrome binary, then run `npm test` again.';
    console.log(`\n${msg}`);
    if (process.env.CI === 'true') {
      console.error('CI=true: a missing Chromium is a failure.');
      ok = false;
      failed += 1;
    }
    return;
  }
  if (!(await built)) {
    failed += 1;
    return;
  }
  const pwJson = path.join(tmp, 'playwright.json');
  await runAsync('playwright (end-to-end, Chromium)', ['node_modules/@playwright/test/cli.js', 'test'], {
    CHROMIUM_PATH: chromium,
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  });
  const p = readJson(pwJson);
  if (p?.stats) {
    passed += p.stats.expected;
    failed += p.stats.unexpected + p.stats.flaky;
  } else failed += 1;
}

// 2. Vitest, then 3. Playwright. VIGIE_TEST_CONCURRENT=1 runs Playwright beside Vitest from the moment the build is
// done, for a machine with cores to spare: on 2 cores it saves about 2 minutes of 13, but the load then pushes
// the tests that time statements (a 300 ms statement_timeout, a 250,000-row setup under the 5 s default) over.
if (process.env.VIGIE_TEST_CONCURRENT === '1') await Promise.all([vitest(), playwright()]);
else {
  await vitest();
  await playwright();
}

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\nvigie: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
