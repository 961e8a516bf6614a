#!/usr/bin/env node
/**
 * `npm run smoke`: the server started for real on the Node that runs this script, then driven over HTTP as the
 * front end drives it — sign-in, then one import of each kind from the test fixtures:
 *   - news CSV (test/fixtures/news/comma.csv): POST /api/news/import, the job polled until done;
 *   - deals CSV (test/fixtures/deals/comma.csv): POST /api/transactions/import after its roles and type exist;
 *   - INSEE Sirene file (test/fixtures/sirene/StockUniteLegale_sample.csv): POST /api/supervisions/import/sirene;
 *   - BODACC file (test/fixtures/bodacc/RCS-A_BXA20210005_ventes.xml): POST /api/supervisions/import/bodacc;
 * then sign-out, and SIGTERM, after which the server must exit 0. It runs on the embedded database in a temporary
 * DATA_DIR (DATABASE_URL is ignored). CI runs it on Node 24 LTS (`npx -y -p node@24 node scripts/smoke.mjs`);
 * it runs on Node 20 too. Plain JavaScript with no dependency: only the server it starts needs tsx.
 * Prints one line per step, and exits non-zero at the first failure.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.join(root, 'test', 'fixtures');
const ADMIN = { email: 'smoke@example.com', password: 'smoke-super-password' };
const started = Date.now();

/** Prints one step with the time since the start. */
function step(text) {
  console.log(`smoke ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${text}`);
}

/** Throws `message` when `condition` is false. */
function check(condition, message) {
  if (!condition) throw new Error(message);
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A client that keeps cookies and sends the headers of the HTTP contract (X-Requested-With, XSRF echo). */
class Client {
  constructor(base) {
    this.base = base;
    this.cookies = new Map();
  }

  /** Sends one call; `body` is JSON unless it is a FormData. Returns `{status, json, text}`. */
  async call(method, url, body) {
    const headers = { 'x-requested-with': 'XMLHttpRequest' };
    if (method !== 'GET') {
      if (!this.cookies.has('XSRF-TOKEN')) await this.call('GET', '/api/csrf-cookie');
      headers['x-xsrf-token'] = decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
    }
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(this.base + url, { method, headers, body: payload, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  }

  /** Sends a fixture as the multipart field `file` of `url`. */
  upload(url, file, type) {
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(path.join(fixtures, file))], { type }), path.basename(file));
    return this.call('POST', url, form);
  }

  /** Polls `GET /api/jobs/{id}` until the job is done or failed (2 minutes at most). */
  async waitForJob(id) {
    for (const until = Date.now() + 120_000; Date.now() < until; await sleep(100)) {
      const res = await this.call('GET', `/api/jobs/${id}`);
      check(res.status === 200, `GET /api/jobs/${id}: ${res.status} ${res.text}`);
      if (res.json.state === 'done' || res.json.state === 'failed') return res.json;
    }
    throw new Error(`job ${id} did not end within 2 minutes`);
  }

  /** Uploads a feed file and expects its job done. */
  async importFeed(feed, file) {
    const res = await this.upload(`/api/supervisions/import/${feed}`, file, 'application/octet-stream');
    check(res.status === 202, `${feed} import: ${res.status} ${res.text}`);
    const job = await this.waitForJob(res.json.job.id);
    check(job.state === 'done', `${feed} import of ${file}: ${job.state} ${job.error ?? ''}`);
    return job;
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-smoke-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let server;
let serverLog = '';

try {
  step(`Node ${process.version}, server on ${base}, DATA_DIR ${dataDir}`);
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      FEED_INBOX: 'false',
      RNE_WORKER: 'off',
      FEED_BODACC_URL: '',
      FEED_SIRENE_URL: '',
    },
  });
  server.stdout.on('data', (c) => (serverLog += c));
  server.stderr.on('data', (c) => (serverLog += c));
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));

  for (const until = Date.now() + 120_000; ; await sleep(200)) {
    check(server.exitCode === null, `the server exited with ${server.exitCode} before answering`);
    const health = await fetch(`${base}/healthz`).then((r) => r.status, () => 0);
    if (health === 200) break;
    check(Date.now() < until, 'the server did not answer /healthz within 2 minutes');
  }
  step('started: GET /healthz 200');

  const client = new Client(base);
  const login = await client.call('POST', '/api/login', ADMIN);
  check(login.status === 200 && login.json?.email === ADMIN.email, `sign-in: ${login.status} ${login.text}`);
  step('signed in');

  const news = await client.upload('/api/news/import', 'news/comma.csv', 'text/csv');
  check(news.status === 202, `news import: ${news.status} ${news.text}`);
  const newsJob = await client.waitForJob(news.json.job.id);
  check(newsJob.state === 'done', `news import: ${newsJob.state} ${newsJob.error ?? ''}`);
  const temporaries = await client.call('POST', '/api/news/filtertemporaries?page=1', {});
  check(temporaries.status === 200 && temporaries.json.total === 2, `news temporaries: ${temporaries.status} ${temporaries.text}`);
  step('news CSV imported: 2 rows to review');

  for (const [url, body] of [
    ['/api/transactions/storerole', { name: 'Acquéreur', display_name: 'Acquéreur', status: 1 }],
    ['/api/transactions/storerole', { name: 'Cible', display_name: 'Cible', status: 1 }],
    ['/api/transactions/storetype', { name: 'LBO', status: 1 }],
  ]) {
    const res = await client.call('POST', url, body);
    check(res.status === 200 || res.status === 201, `${url}: ${res.status} ${res.text}`);
  }
  const deals = await client.upload('/api/transactions/import', 'deals/comma.csv', 'text/csv');
  check(deals.status === 200 && deals.json === 1, `deals import: ${deals.status} ${deals.text}`);
  const dealList = await client.call('POST', '/api/transactions/filter?page=1', {});
  check(dealList.status === 200 && dealList.json.total >= 1, `deals list: ${dealList.status} ${dealList.text}`);
  step(`deals CSV imported: ${dealList.json.total} deal(s) listed`);

  await client.importFeed('sirene', 'sirene/StockUniteLegale_sample.csv');
  const companies = await client.call('GET', '/api/supervisions/inseeCompanies');
  check(companies.status === 200 && companies.json[0]?.lines === 97, `INSEE files: ${companies.status} ${companies.text}`);
  step('INSEE Sirene file imported: 97 lines');

  await client.importFeed('bodacc', 'bodacc/RCS-A_BXA20210005_ventes.xml');
  const bulletins = await client.call('GET', '/api/supervisions/bodaccall');
  check(bulletins.status === 200 && bulletins.json[0]?.lines === 29, `BODACC files: ${bulletins.status} ${bulletins.text}`);
  step('BODACC file imported: 29 notices');

  const logout = await client.call('POST', '/api/logout');
  check(logout.status === 204, `sign-out: ${logout.status} ${logout.text}`);
  check((await client.call('GET', '/api/profile/getAuthUser')).status === 401, 'still signed in after sign-out');
  step('signed out');

  server.kill('SIGTERM');
  let timer;
  const end = await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 30_000)))]);
  clearTimeout(timer);
  check(end !== undefined, 'the server did not stop within 30 s of SIGTERM');
  check(end.code === 0, `the server ended with ${end.code ?? end.signal} after SIGTERM`);
  server = undefined;
  step(`smoke passed on Node ${process.version}`);
} catch (err) {
  console.error(`\nsmoke FAILED on Node ${process.version}: ${err instanceof Error ? err.message : String(err)}`);
  if (serverLog) console.error(`\nserver output:\n${serverLog.slice(-4000)}`);
  process.exitCode = 1;
} finally {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
