/**
 * Whole-app test harness (CONVENTIONS.md section 4.6): a fresh database, the real Fastify app driven
 * through `inject`, the super admin `admin@example.com` / `SUPER_PASSWORD`, and a small HTTP client
 * that keeps cookies and sends the `X-Requested-With` and CSRF headers like the front end does. Every request is
 * checked against the audit rule (./audit-check.ts, with the write detector of ./write-detector.ts): one that wrote
 * without declaring and recording its audit entry, or a read that recorded one, fails the test file at `close`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import type { SandboxPreparation } from '../../server/api/sandbox';
import { ensureSuperAdmin } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { parseAppKey, SecretBox } from '../../server/lib/app-key';
import { setPasswordHashCost } from '../../server/lib/password';
import { JobQueue } from '../../server/jobs/queue';
import { createAdmin } from '../../server/modules/admins/service';
import { AuditCheck } from './audit-check';
import { freshDatabase } from './db';
import { watchWrites } from './write-detector';

export const SUPER_EMAIL = 'admin@example.com';
export const SUPER_PASSWORD = 'super-admin-password';
export const TEST_APP_KEY = 'base64:' + Buffer.alloc(32, 7).toString('base64');
/**
 * The argon2id cost of the tests (the environment's ARGON2_MEMORY_KIB / ARGON2_ITERATIONS, which vitest.config.ts
 * and playwright.config.ts set low): what the tests check of passwords does not depend on the cost.
 */
export const TEST_PASSWORD_HASH_ENV = {
  ARGON2_MEMORY_KIB: process.env.ARGON2_MEMORY_KIB ?? '',
  ARGON2_ITERATIONS: process.env.ARGON2_ITERATIONS ?? '',
};

/** Options of one call. */
export interface CallOptions {
  /** Omit `X-Requested-With` (default false). */
  noXhr?: boolean;
  /** Omit the CSRF header (default false). */
  noCsrf?: boolean;
  headers?: Record<string, string>;
  /** Raw payload (e.g. multipart body); `body` is sent as JSON otherwise. */
  payload?: Buffer | string;
}

/** A browser-like client: cookie jar + the contract's headers. */
export class Client {
  readonly cookies: Record<string, string> = {};
  constructor(private readonly app: FastifyInstance) {}

  private keep(res: LightMyRequestResponse) {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) delete this.cookies[c.name];
      else this.cookies[c.name] = c.value;
    }
  }

  /** Fetches the XSRF-TOKEN cookie when the jar has none. */
  async ensureCsrf(): Promise<void> {
    if (this.cookies['XSRF-TOKEN']) return;
    this.keep(await this.app.inject({ method: 'GET', url: '/api/csrf-cookie', headers: { 'x-requested-with': 'XMLHttpRequest' } }));
  }

  /** Sends one request; JSON `body` unless `opts.payload` is given. */
  async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, body?: unknown, opts: CallOptions = {}) {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (!opts.noXhr) headers['x-requested-with'] = 'XMLHttpRequest';
    if (method !== 'GET' && !opts.noCsrf) {
      await this.ensureCsrf();
      headers['x-xsrf-token'] = encodeURIComponent(this.cookies['XSRF-TOKEN']);
    }
    const cookieHeader = Object.entries(this.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    if (cookieHeader) headers.cookie = cookieHeader;
    let payload: string | Buffer | undefined = opts.payload;
    if (payload === undefined && body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await this.app.inject({ method, url, headers, payload });
    this.keep(res);
    return res;
  }

  get(url: string, opts?: CallOptions) {
    return this.call('GET', url, undefined, opts);
  }

  post(url: string, body?: unknown, opts?: CallOptions) {
    return this.call('POST', url, body, opts);
  }

  /** Signs in; throws when the answer is not 200. */
  async login(email: string, password: string): Promise<this> {
    const res = await this.post('/api/login', { email, password });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return this;
  }
}

/** Multipart body with one file part (for avatar uploads). */
export function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = '----vigieTest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A running test app. */
export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** A client without session. */
  anon(): Client;
  /** A client signed in as the super admin. */
  superAdmin(): Promise<Client>;
  /**
   * The audit rule checked on every request (./audit-check.ts): its violations make `close` throw, so that a
   * request that wrote without its audit entry fails the test file.
   */
  audit: AuditCheck;
  /** Creates an administrator (factory) and returns it with a signed-in client. */
  newAdmin(overrides?: Partial<{ name: string; email: string; password: string; status: 0 | 1 }>): Promise<{
    id: number;
    email: string;
    password: string;
    client: Client;
  }>;
  close(): Promise<void>;
}

let seq = 0;

/**
 * Builds the app on a fresh database (one per test file: call in beforeAll). `env` overrides the
 * configuration; `options.webDist` serves another built front end than web/dist, `options.prepareSandbox` prepares
 * the customer API's sandbox in place of the demo's (see `buildApp`). As in every process but server/main.ts, the
 * sandbox is not started: a test that reads it calls `app.customerApi.sandbox.start()`.
 */
export async function createTestApp(env: Record<string, string> = {}, options: { webDist?: string; prepareSandbox?: SandboxPreparation } = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: SUPER_EMAIL,
    ADMIN_PASSWORD: SUPER_PASSWORD,
    APP_KEY: TEST_APP_KEY,
    LOG_LEVEL: 'silent',
    ...TEST_PASSWORD_HASH_ENV,
    // The daily audit purge off: pg-boss's schedule holds only the tasks a test turns on (test/api/audit.test.ts).
    AUDIT_RETENTION_DAYS: '0',
    ...env,
  });
  setPasswordHashCost(config.passwordHashCost);
  const database = await freshDatabase({ statementTimeoutMs: config.dbStatementTimeoutMs });
  watchWrites(database);
  const ctx: AppContext = { config, database, db: database.db, box: new SecretBox(parseAppKey(TEST_APP_KEY)), jobs: new JobQueue(database) };
  await ensureSuperAdmin(ctx);
  const app = await buildApp(ctx, { logger: false, webDist: options.webDist, prepareSandbox: options.prepareSandbox });
  const audit = new AuditCheck(app);
  await app.ready();
  return {
    app,
    ctx,
    audit,
    anon: () => new Client(app),
    superAdmin: () => new Client(app).login(SUPER_EMAIL, SUPER_PASSWORD),
    async newAdmin(overrides = {}) {
      seq += 1;
      const email = overrides.email ?? `admin${seq}-${Date.now()}@example.com`;
      const password = overrides.password ?? 'a-long-password-' + seq;
      const row = await createAdmin(ctx.db, {
        name: overrides.name ?? `Admin ${seq}`,
        email,
        password,
        status: overrides.status ?? 1,
      });
      const client = new Client(app);
      if (row.status === 1) await client.login(email, password);
      return { id: row.id, email, password, client };
    },
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      audit.assertClean();
    },
  };
}
