/**
 * Sandbox isolation of the customer API (server/api/sandbox.ts, server/api/caller.ts): a Sandbox token reads the demo
 * data set (the real INSEE Sirene and BODACC samples, its published deals), in a database of its own; a Prod token
 * reads the production database. A company only production knows is a 404 for the sandbox, one only the demo knows a
 * 404 for production; no production update-log entry ever shows in the sandbox's feed, nor a sandbox one in
 * production's. Production data: a legal-units file imported by the Sirene job (a sample's row under a SIREN of the
 * test series), an entry appended to the log. The sandbox is prepared once, in this file's beforeAll (several seconds),
 * as server/main.ts prepares it at start-up.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { FEED_SIRENE } from '../../server/modules/feeds/kinds';
import { appendLogEntries } from '../../server/modules/update-log/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { newCustomer, tokenOf, v1, waitForUpdatesFeed } from '../helpers/customer-api';
import { runFeedFile } from '../helpers/feed-job';
import { sireneTable } from '../helpers/feed-sirene';
import { validSiren } from '../helpers/sirens';

/** A company of the demo (JACQUES-LUCIEN BRETON, of the 2019 legal-units sample). */
const DEMO_SIREN = '001807254';
/** A company only the production database holds. */
const PROD_SIREN = validSiren(5, 63_000_000);
const PROD_MARK = `Production seulement ${crypto.randomBytes(4).toString('hex')}`;

interface Entry {
  id: number;
  siren: string;
  description: string;
}

let t: TestApp;
let prod: string;
let sandbox: string;
let tmp: string;
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false' });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-v1-sandbox-'));
  const table = sireneTable('StockUniteLegale_sample.csv');
  table.set('017051186', 'siren', PROD_SIREN);
  table.set(PROD_SIREN, 'denominationUniteLegale', 'SOCIETE DE PRODUCTION');
  const file = path.join(tmp, 'StockUniteLegale_production.csv');
  fs.writeFileSync(file, table.bytes());
  expect((await runFeedFile(t.ctx, FEED_SIRENE, file)).state).toBe('done');
  await appendLogEntries(t.ctx.db, [{ code: 'MANUEL', siren: PROD_SIREN, description: PROD_MARK }]);
  const c = await newCustomer(await t.superAdmin());
  prod = await tokenOf(t, c, 'prod');
  sandbox = await tokenOf(t, c, 'sandbox');
  // Prepares the sandbox database with the demo, as server/main.ts does at start-up.
  await t.app.customerApi.sandbox.start();
  expect(t.app.customerApi.sandbox.state).toBe('ready');
  await waitForUpdatesFeed(t.ctx.db, 50_000);
}, 180_000);
afterAll(async () => {
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Every entry of the feed a token reads. */
async function feed(token: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  let cursor = '';
  for (let n = 0; n < 200; n++) {
    const res = await v1(t, token, `/v1/updates?limit=1000&since=${cursor}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { data: Entry[]; next_cursor: string; has_more: boolean };
    entries.push(...page.data);
    if (!page.has_more) return entries;
    cursor = page.next_cursor;
  }
  throw new Error('too many pages');
}

describe('Sandbox tokens', () => {
  it('read the demo data set: its companies, its published deals, its BODACC rows', async () => {
    const company = await v1(t, sandbox, `/v1/companies/${DEMO_SIREN}`);
    expect(company.statusCode, company.body).toBe(200);
    expect(company.json()).toMatchObject({ siren: DEMO_SIREN, name: 'JACQUES-LUCIEN BRETON' });
    const deals = await v1(t, sandbox, '/v1/deals?limit=5');
    expect(deals.statusCode).toBe(200);
    expect(deals.json().data.length).toBeGreaterThan(0);
    const rows = await v1(t, sandbox, '/v1/announcements?limit=5');
    expect(rows.json().data.length).toBeGreaterThan(0);
    // The production database has none of these.
    expect((await v1(t, prod, `/v1/companies/${DEMO_SIREN}`)).statusCode).toBe(404);
    expect((await v1(t, prod, '/v1/deals')).json().data).toEqual([]);
    expect((await v1(t, prod, '/v1/announcements')).json().data).toEqual([]);
  });

  it('never reach a production company: 404 for the sandbox, 200 for production', async () => {
    const fromSandbox = await v1(t, sandbox, `/v1/companies/${PROD_SIREN}`);
    expect(fromSandbox.statusCode).toBe(404);
    expect(fromSandbox.headers['content-type']).toMatch(/^application\/problem\+json/);
    const fromProd = await v1(t, prod, `/v1/companies/${PROD_SIREN}`);
    expect(fromProd.statusCode, fromProd.body).toBe(200);
    expect(fromProd.json()).toMatchObject({ siren: PROD_SIREN, name: 'SOCIETE DE PRODUCTION', known_from: 'companies' });
  });

  it('read a feed without any production entry, and production reads none of the sandbox', async () => {
    const sandboxFeed = await feed(sandbox);
    expect(sandboxFeed.length).toBeGreaterThan(0);
    expect(sandboxFeed.filter((e) => e.description === PROD_MARK || e.siren === PROD_SIREN)).toEqual([]);
    const prodFeed = await feed(prod);
    expect(prodFeed.map((e) => e.description)).toContain(PROD_MARK);
    const sandboxDb = t.app.customerApi.sandbox.db();
    const sandboxSirens = new Set((await rowsOf<{ siren: string }>(sandboxDb, sql`select distinct siren from update_log`)).map((r) => r.siren));
    expect(prodFeed.filter((e) => sandboxSirens.has(e.siren))).toEqual([]);
    expect(prodFeed.every((e) => e.siren === PROD_SIREN)).toBe(true);
  });
});
