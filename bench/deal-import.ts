/**
 * Deal CSV import case of `npm run bench -- --only deals.import`:
 * - `deals.import.1m`: a generated CSV of 1,000,000 deal entities (400,000 deals of 2 or 3 entities, every
 *   column filled as an analyst's export would be) uploaded over HTTP to `POST /api/transactions/import`, timed
 *   until the answer `1` (upload, storage, COPY, SQL checks, merge, commit); beside it `psql \copy` of the
 *   same file into an unindexed table of the same 29 text columns (`psql_copy_rows_per_s`), and the ratio.
 *   The app runs in a child process of its own (started here, signed in over HTTP), so that `peak_rss_mb` is
 *   the peak RSS of the process that receives the upload and runs the job, not of the bench process; the
 *   upload streams the file from disk. `job_*_ms` are the job's own timings (COPY into the stage, each check and
 *   merge statement, commit) and `upload_store_ms` the upload (spooled to disk) before the job started. With
 *   `BENCH_RSS_TRACE=1` the app prints its memory (rss, heap, external, array buffers, MB) every second on stderr.
 * The file is generated once into the system's temporary directory and kept between runs. The imported deals
 * (identifiers `BENCH-IMP-…`) are deleted before and after the case (untimed), so that every run is a first
 * load and the other deal cases find the tables as they were.
 */
import { indexedCopySeconds } from './indexed-copy';
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { escapeLiteral } from 'pg';
import { DEAL_CSV_COLUMNS } from '../contract/deal-import';
import type { FeedBenchContext } from './feeds';
import { validSirens } from './generate';

const ROWS = 1_000_000;
const PREFIX = 'BENCH-IMP-';
const FILE = path.join(os.tmpdir(), 'vigie-bench-deals', `deals-import-${ROWS}.csv`);
const ROLES = ['Acquéreur', 'Cible', 'Cédant', 'Conseil'];
const TYPES = ['Acquisition', 'Cession', 'LBO', 'Fusion', 'Prise de participation', 'Levée de fonds'];
const COUNTRIES = ['FR', 'France', 'BE', 'Allemagne', 'US', 'Royaume-Uni', 'CH', 'ES', 'Italie', 'LU'];
const CURRENCIES = ['EUR', 'EUR', 'EUR', 'USD', 'GBP', 'CHF'];
/** Marker of the child process that runs the app (see `runAppChild`). */
const CHILD_FLAG = '--deal-import-app-child';

const round = (x: number) => Math.round(x * 100) / 100;

/** The rows of deal `d` (2 or 3 entities), `;`-separated, deal-level columns repeated. */
function dealLines(d: number, sirens: string[]): string[] {
  const count = d % 2 === 0 ? 2 : 3;
  const day = String((d % 28) + 1).padStart(2, '0');
  const month = String((d % 12) + 1).padStart(2, '0');
  const deal: Record<string, string> = {
    deal_id: `${PREFIX}${String(d).padStart(7, '0')}`,
    deal_date: d % 3 === 0 ? `${2000 + (d % 26)}-${month}-${day}` : `${day}/${month}/${2000 + (d % 26)}`,
    type1: TYPES[d % TYPES.length],
    type2: d % 4 === 0 ? TYPES[(d + 1) % TYPES.length] : '',
    amount: d % 10 === 0 ? '' : `${(d % 9000) + 1} ${String(d % 1000).padStart(3, '0')} ${String((d * 7) % 1000).padStart(3, '0')},${String(d % 100).padStart(2, '0')}`,
    currency: CURRENCIES[d % CURRENCIES.length],
    description: `Opération numéro ${d} : rachat d’une participation`,
    url: `https://www.example.com/transactions/${d}`,
    source: 'Bench',
    french_investment_abroad: d % 2 === 0 ? 'NON' : 'OUI',
    foreign_investment_in_france: d % 3 === 0 ? 'YES' : 'NO',
    buyer1: `Acquéreur ${d}`,
    buyer1_country: COUNTRIES[d % COUNTRIES.length],
    target1: `Cible ${d}`,
    target1_country: COUNTRIES[(d + 3) % COUNTRIES.length],
    seller: d % 5 === 0 ? '' : `Cédant ${d}`,
    seller_country: d % 5 === 0 ? '' : COUNTRIES[(d + 5) % COUNTRIES.length],
  };
  const lines: string[] = [];
  for (let e = 0; e < count; e++) {
    const n = d * 3 + e;
    const row: Record<string, string> = {
      ...deal,
      siren: sirens[n % sirens.length],
      company_name: `Société ${n}`,
      role: ROLES[e % ROLES.length],
      stake: e === 0 ? `${d % 100},5` : e === 1 ? '100' : '',
    };
    lines.push(DEAL_CSV_COLUMNS.map((c) => row[c] ?? '').join(';'));
  }
  return lines;
}

/** Writes the 1,000,000-row file once (kept between runs); answers its size in bytes. */
async function ensureFile(b: FeedBenchContext): Promise<number> {
  if (fs.existsSync(FILE)) return fs.statSync(FILE).size;
  b.log(`deals.import: generating ${ROWS} rows into ${FILE}`);
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  const sirens = validSirens(200_000);
  const tmp = `${FILE}.part`;
  const out = fs.createWriteStream(tmp);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write(DEAL_CSV_COLUMNS.join(';') + '\r\n');
  let rows = 0;
  let chunk: string[] = [];
  for (let d = 0; rows < ROWS; d++) {
    for (const line of dealLines(d, sirens)) {
      if (rows === ROWS) break;
      chunk.push(line);
      rows++;
    }
    if (chunk.length >= 5000) {
      await write(chunk.join('\r\n') + '\r\n');
      chunk = [];
    }
  }
  if (chunk.length) await write(chunk.join('\r\n') + '\r\n');
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  fs.renameSync(tmp, FILE);
  return fs.statSync(FILE).size;
}

/** `psql \copy` of the file into a fresh unindexed table of the 29 columns (text); seconds. */
function psqlCopy(url: string): number {
  const cols = DEAL_CSV_COLUMNS.map((c) => `${c} text`).join(', ');
  execFileSync('psql', [url, '-qc', `drop table if exists bench_deals_copy; create table bench_deals_copy (${cols})`]);
  const t0 = performance.now();
  execFileSync('psql', [url, '-qc', `\\copy bench_deals_copy from '${FILE}' with (format csv, delimiter ';', header true)`]);
  const seconds = (performance.now() - t0) / 1000;
  execFileSync('psql', [url, '-qc', 'drop table bench_deals_copy']);
  return seconds;
}

/** Roles and types the file names, created when missing; the imported bench deals deleted (untimed). */
function prepare(url: string): void {
  const values = (names: string[], extra: (n: string) => string) => names.map((n) => `(${escapeLiteral(n)}${extra(n)})`).join(', ');
  execFileSync('psql', [
    url,
    '-q',
    '-c',
    `insert into deal_roles (name, display_name) select v.name, v.display_name from (values ${values(ROLES, (n) => `, '${n}'`)}) v(name, display_name)
      where not exists (select 1 from deal_roles r where lower(r.name) = lower(v.name))`,
    '-c',
    `insert into deal_types (name) select v.name from (values ${values(TYPES, () => '')}) v(name) where not exists (select 1 from deal_types t where lower(t.name) = lower(v.name))`,
    '-c',
    `delete from deals where deal_identifier like '${PREFIX}%'`,
    '-c',
    'vacuum analyze deals',
    '-c',
    'vacuum analyze deal_entities',
  ]);
}

/** An HTTP client of the child app, keeping its cookies. */
class ChildClient {
  private readonly jar = new Map<string, string>();
  constructor(private readonly base: string) {}

  private headers(): Record<string, string> {
    return { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': this.jar.get('XSRF-TOKEN') ?? '', cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') };
  }

  private keep(setCookies: string[]): void {
    for (const c of setCookies) {
      const [kv] = c.split(';');
      const i = kv.indexOf('=');
      this.jar.set(kv.slice(0, i), kv.slice(i + 1));
    }
  }

  async call(method: string, p: string, body?: unknown): Promise<unknown> {
    const headers = { ...this.headers(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
    const res = await fetch(this.base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    this.keep(res.headers.getSetCookie());
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  }

  /** Streams `file` from disk as the multipart field `file`; answers status and body. */
  upload(p: string, file: string, filename: string): Promise<{ status: number; body: string }> {
    const boundary = `----vigieBench${crypto.randomBytes(8).toString('hex')}`;
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const length = head.length + fs.statSync(file).size + tail.length;
    return new Promise((resolve, reject) => {
      const req = http.request(this.base + p, {
        method: 'POST',
        headers: { ...this.headers(), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
      });
      req.on('response', (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.write(head);
      const stream = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
      stream.on('error', reject);
      stream.on('end', () => req.end(tail));
      stream.pipe(req, { end: false });
    });
  }
}

/**
 * The child: the app on a local port with a bench administrator (email and password from the environment);
 * prints `{"port"}`, then, when its stdin ends, closes the app and prints `{"peak_rss_mb"}`.
 */
async function runAppChild(): Promise<void> {
  const { buildApp } = await import('../server/app');
  const { createContext } = await import('../server/bootstrap');
  const { loadConfig } = await import('../server/config');
  const { createAdmin, findAdminByEmail, updateAdmin } = await import('../server/modules/admins/service');
  const env = process.env;
  const config = loadConfig({ ...env, DATABASE_URL: env.BENCH_DATABASE_URL, DATA_DIR: path.join(os.tmpdir(), 'vigie-bench'), LOG_LEVEL: 'warn', PORT: '0' });
  const ctx = await createContext(config);
  const email = env.BENCH_DEAL_EMAIL!;
  const password = env.BENCH_DEAL_PASSWORD!;
  const existing = await findAdminByEmail(ctx.db, email);
  if (existing) await updateAdmin(ctx.db, existing.id, { name: 'Bench import', email, password, status: 1 }, { id: 0 });
  else await createAdmin(ctx.db, { name: 'Bench import', email, password, status: 1 });
  const app = await buildApp(ctx, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  if (env.BENCH_RSS_TRACE) {
    setInterval(() => {
      const m = process.memoryUsage();
      process.stderr.write(`[rss] ${Math.round(m.rss / 1048576)} heap ${Math.round(m.heapUsed / 1048576)} ext ${Math.round(m.external / 1048576)} ab ${Math.round(m.arrayBuffers / 1048576)}\n`);
    }, 1000).unref();
  }
  const address = app.server.address();
  process.stdout.write(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }) + '\n');
  process.stdin.resume();
  await new Promise<void>((resolve) => process.stdin.on('end', () => resolve()));
  await app.close();
  await ctx.database.close();
  process.stdout.write(JSON.stringify({ peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024) }) + '\n');
  process.exit(0);
}

if (process.argv[2] === CHILD_FLAG) await runAppChild();

/** Starts the child app; answers its base URL, a way to stop it (resolving with its peak RSS), and a client. */
async function startChild(b: FeedBenchContext): Promise<{ client: ChildClient; stop: () => Promise<number> }> {
  const email = 'bench-import@vigie.local';
  const password = crypto.randomBytes(16).toString('hex');
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), CHILD_FLAG], {
    env: { ...process.env, BENCH_DATABASE_URL: b.databaseUrl, BENCH_DEAL_EMAIL: email, BENCH_DEAL_PASSWORD: password },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const next = () => new Promise<Record<string, number>>((resolve, reject) => {
    lines.once('line', (l) => resolve(JSON.parse(l) as Record<string, number>));
    child.once('exit', (code) => reject(new Error(`deal import app exited (${code})`)));
  });
  const { port } = await next();
  const client = new ChildClient(`http://127.0.0.1:${port}`);
  await client.call('GET', '/api/csrf-cookie');
  await client.call('POST', '/api/login', { email, password });
  return {
    client,
    stop: async () => {
      const rss = next();
      child.stdin!.end();
      return (await rss).peak_rss_mb;
    },
  };
}

/** Runs `deals.import.1m`. */
export async function benchDealImport(b: FeedBenchContext): Promise<void> {
  const bytes = await ensureFile(b);
  prepare(b.databaseUrl);
  b.log('deals.import: psql \\copy of the same file');
  const copySeconds = psqlCopy(b.databaseUrl);
  const psqlRate = ROWS / copySeconds;
  b.record('deals.import.psql_copy.1m', { seconds: round(copySeconds), rows_per_s: Math.round(psqlRate), file_mb: round(bytes / 1048576) });

  const app = await startChild(b);
  let peak = 0;
  try {
    b.log('deals.import: uploading 1,000,000 rows over HTTP');
    const t0 = performance.now();
    const res = await app.client.upload('/api/transactions/import', FILE, 'bench-deals-1m.csv');
    const seconds = (performance.now() - t0) / 1000;
    if (res.status !== 200 || res.body.trim() !== '1') throw new Error(`deals.import: ${res.status} ${res.body.slice(0, 500)}`);
    const { job } = (await app.client.call('GET', '/api/transactions/importjob')) as {
      job: { created_at: string; started_at: string; finished_at: string; result: { rows: number; deals: number; created: number; timings_ms: Record<string, number> } };
    };
    const r = job.result;
    if (r.rows !== ROWS || r.created !== r.deals) throw new Error(`deals.import: ${JSON.stringify(r)}`);
    peak = await app.stop();
    const uploadMs = new Date(job.started_at).getTime() - new Date(job.created_at).getTime();
    const imported = `deal_identifier like '${PREFIX}%'`;
    const indexed = indexedCopySeconds(b.databaseUrl, [
      { table: 'deals', where: imported },
      { table: 'deal_entities', where: `deal_id in (select id from deals where ${imported})` },
    ]);
    b.record('deals.import.1m', {
      seconds: round(seconds),
      rows_per_s: Math.round(ROWS / seconds),
      peak_rss_mb: peak,
      psql_copy_rows_per_s: Math.round(psqlRate),
      ratio: round(ROWS / seconds / psqlRate),
      indexed_copy_seconds: round(indexed),
      ratio_to_indexed_copy: round(indexed / seconds),
      deals: r.deals,
      file_mb: round(bytes / 1048576),
      upload_store_ms: uploadMs,
      ...Object.fromEntries(Object.entries(r.timings_ms).map(([k, v]) => [`job_${k}`, v])),
    });
  } finally {
    if (!peak) await app.stop().catch(() => 0);
    prepare(b.databaseUrl);
  }
}
