/**
 * The kit of the route enumeration test (test/api/audit-routes.test.ts): one realistic, successful request per
 * registered `/api` route (`RouteCase`), and the factories that build what each needs through the API and the
 * shared test helpers, on one test app with a fake RNE service, the feed push on and a low confirmation threshold.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { JobResponse } from '../../../contract/jobs';
import { rowsOf } from '../../../server/db/rows';
import { adminMfa } from '../../../server/db/schema';
import { totpOf } from '../../../server/modules/auth/mfa';
import { FEED_BODACC } from '../../../server/modules/feeds/kinds';
import { multipart, type Client, type TestApp } from '../app';
import { runFeedFile } from '../feed-job';
import { createCategory, csvText, HEADER, importDone, upload as uploadNews, utf8, waitForJob, type Category } from '../news';
import { validSiren } from '../sirens';

/** A route's one request under observation, and what it needs built first (outside the observation). */
export interface RouteCase {
  before?: (k: Kit) => Promise<unknown>;
  call: (k: Kit, ready: unknown) => Promise<LightMyRequestResponse>;
}

/** A case whose `before` builds `T` for its `call`. */
export function prepared<T>(before: (k: Kit) => Promise<T>, call: (k: Kit, ready: T) => Promise<LightMyRequestResponse>): RouteCase {
  return { before, call: (k, ready) => call(k, ready as T) };
}

/** A case that needs nothing first. */
export const plain = (call: (k: Kit) => Promise<LightMyRequestResponse>): RouteCase => ({ call });

/** Fixtures of the feeds. */
export const BODACC_SALES = path.resolve(import.meta.dirname, '../../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml');
/** The bearer token of the feed push in this app. */
export const FEED_TOKEN = 'audit-routes-feed-token-0123456789';
/** Above it, the sales bulletin (55 update-log entries) waits for a confirmation. */
export const CONFIRM_THRESHOLD = 50;

let seq = 0;
/** A number no other call of the file uses. */
export const next = () => ++seq;

/** What the cases share: the app, the super administrator's client, and the factories. */
export class Kit {
  private category?: Category;

  constructor(
    readonly t: TestApp,
    readonly root: Client,
  ) {}

  /** A new administrator, signed in. */
  admin() {
    return this.t.newAdmin();
  }

  /** Rows of `query` on the app's database. */
  rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(this.t.ctx.db, query);
  }

  /** POSTs `body` to `url` as the super administrator and answers the JSON of a 2xx. */
  async made<T = { id: number }>(url: string, body: unknown, client = this.root): Promise<T> {
    const res = await client.post(url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as T;
  }

  /** The active news category the CSV rows use. */
  async newsCategory(): Promise<Category> {
    this.category ??= await createCategory(this.root, 'Économie audit', 'Economy audit');
    return this.category;
  }

  /** A news CSV of `count` rows in the kit's category. */
  async newsCsv(count = 2): Promise<Buffer> {
    const category = await this.newsCategory();
    const rows = Array.from({ length: count }, () => {
      const n = next();
      const r: Record<string, string> = { siren: validSiren(n, 41_000_000), nom: '', titre: `Titre ${n}`, categorie: category.name_fr, source: '', lien: `https://www.example.com/audit/${n}`, date: '15/07/2026' };
      return HEADER.map((h) => r[h]);
    });
    return utf8(csvText(rows));
  }

  /** A new administrator whose news import is done (its rows in review). */
  async reviewing(count = 2) {
    const a = await this.admin();
    const job = await importDone(a.client, 'revue.csv', await this.newsCsv(count));
    return { ...a, job };
  }

  /** The review rows of `client` (ids). */
  async reviewRows(client: Client): Promise<number[]> {
    const res = await client.post('/api/news/filtertemporaries?page=1', {});
    return (res.json() as { data: Array<{ id: number }> }).data.map((r) => r.id);
  }

  /** A new administrator whose import was processed: `count` news pending, theirs. */
  async pending(count = 2) {
    const a = await this.reviewing(count);
    const res = await a.client.get('/api/news/process');
    expect(res.statusCode, res.body).toBe(200);
    const page = await this.made<{ data: Array<{ id: number }> }>('/api/news/filter?page=1', { search: `import:${a.job.id}` }, a.client);
    return { ...a, ids: page.data.map((r) => r.id) };
  }

  /** Uploads a news CSV as `client` without waiting for its job. */
  uploadNews(client: Client, data: Buffer) {
    return uploadNews(client, 'nouvelles.csv', data);
  }

  /** Uploads the BODACC sales bulletin as the super administrator; answers its job once it waits for a confirmation. */
  async waitingBodacc(): Promise<JobResponse> {
    const res = await this.root.call('POST', '/api/supervisions/import/bodacc', undefined, multipart('file', `ventes-${next()}.xml`, 'application/xml', fs.readFileSync(BODACC_SALES)));
    expect(res.statusCode, res.body).toBe(202);
    const job = await waitForJob(this.root, (res.json() as { job: JobResponse }).job.id);
    expect(job.state, job.error ?? '').toBe('waiting');
    return job;
  }

  /** A TOTP code of `secret` for now, whatever the factor accepted before (its replay guard reset). */
  async code(adminId: number, secret: string): Promise<string> {
    await this.t.ctx.db.update(adminMfa).set({ lastStep: null }).where(eq(adminMfa.adminId, adminId));
    return totpOf(secret).generate();
  }

  /** A new administrator with a second factor enrolled through the profile. */
  async mfaAdmin() {
    const a = await this.admin();
    const { secret } = await this.made<{ secret: string }>('/api/profile/mfa/setup', {}, a.client);
    await this.made('/api/profile/mfa/enable', { code: await this.code(a.id, secret) }, a.client);
    return { ...a, secret };
  }

  /** A deal-free BODACC transaction row id (the sales bulletin imported once, as the CLI does). */
  async bodaccRow(deleted = false): Promise<number> {
    const [row] = await this.rows<{ id: number }>(sql`select id::int as id from bodacc_transactions where (deleted_at is not null) = ${deleted} order by id limit 1`);
    if (row) return row.id;
    expect(deleted, 'a deleted row is made from a row first').toBe(false);
    const job = await runFeedFile(this.t.ctx, FEED_BODACC, BODACC_SALES);
    expect(job.state, job.error ?? '').toBe('done');
    return this.bodaccRow();
  }

  /** A parked (`parked`) or waiting entry of the officers queue. */
  async queueEntry(state: 'parked' | 'waiting'): Promise<number> {
    const [r] = await this.rows<{ id: number }>(sql`insert into rne_queue (queue, siren, reason, state, attempts, error)
      values ('officers', ${validSiren(next(), 42_000_000)}, 'Saisie manuelle', ${state}, ${state === 'parked' ? 3 : 0}, ${state === 'parked' ? 'Service RNE\u00a0: HTTP 500.' : null})
      returning id::int as id`);
    return r.id;
  }
}
