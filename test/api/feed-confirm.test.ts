/**
 * Feed uploads asked before they commit (server/jobs/confirmation.ts, FEED_CONFIRM_THRESHOLD): an upload whose
 * import would write more update-log entries (or queue more SIRENs for the RNE) than the threshold stops before
 * committing, `waiting` with its counts and nothing written; `confirm` runs it for real on the kept input,
 * `abandon` drops it and its input; an upload under the threshold commits at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobResponse } from '../../contract/jobs';
import { createTestApp, multipart, type Client, type TestApp } from '../helpers/app';
import { waitForJob } from '../helpers/news';
import { rowsOf } from '../../server/db/rows';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/bodacc');
const VENTES = fs.readFileSync(path.join(FIXTURES, 'RCS-A_BXA20210005_ventes.xml'));
const ODS = fs.readFileSync(path.join(FIXTURES, 'ods_api_v1_search_registre_880878145.json'));
/** The bulletin writes 55 update-log entries: over this threshold. */
const THRESHOLD = 50;

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false', FEED_CONFIRM_THRESHOLD: String(THRESHOLD) });
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

async function count(table: 'feed_files' | 'announcements' | 'update_log' | 'job_file_chunks'): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${sql.raw(table)}`);
  return Number(row.n);
}

async function uploaded(filename: string, data: Buffer): Promise<JobResponse> {
  const res = await root.call('POST', '/api/supervisions/import/bodacc', undefined, multipart('file', filename, 'application/octet-stream', data));
  expect(res.statusCode, res.body).toBe(202);
  return waitForJob(root, (res.json() as { job: JobResponse }).job.id);
}

const ASKED = { awaiting_confirmation: true, threshold: THRESHOLD, summary: { rows_read: 29, created: 29, updated: 0, unchanged: 0, log_entries: 55, rne_queued: 0 } };

describe('an upload over the threshold', () => {
  it('waits with its counts, writes nothing, keeps its input and is listed under way', async () => {
    const job = await uploaded('ventes.xml', VENTES);
    expect(job).toMatchObject({ state: 'waiting', error: null, result: ASKED });
    expect({ files: await count('feed_files'), notices: await count('announcements'), log: await count('update_log') }).toEqual({ files: 0, notices: 0, log: 0 });
    expect(await count('job_file_chunks')).toBeGreaterThan(0);
    const under = (await root.get('/api/supervisions/jobs?feed=bodacc')).json() as JobResponse[];
    expect(under.map((j) => [j.id, j.state])).toEqual([[job.id, 'waiting']]);
  });

  it('abandoned: failed as abandoned, its input removed, nothing recorded; a second answer is refused', async () => {
    const [waiting] = (await root.get('/api/supervisions/jobs?feed=bodacc')).json() as JobResponse[];
    const res = await root.post(`/api/supervisions/jobs/${waiting.id}/abandon`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: waiting.id, state: 'failed', error: 'Import abandonné avant d’être enregistré. Rien n’a été importé.' });
    expect({ files: await count('feed_files'), chunks: await count('job_file_chunks'), log: await count('update_log') }).toEqual({ files: 0, chunks: 0, log: 0 });
    const again = await root.post(`/api/supervisions/jobs/${waiting.id}/confirm`, {});
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Cet import n’attend plus de confirmation.' });
    expect((await root.get('/api/supervisions/jobs')).json()).toEqual([]);
  });

  it('confirmed: runs on the kept input and commits, the file recorded with its summary', async () => {
    const job = await uploaded('ventes.xml', VENTES);
    expect(job.state).toBe('waiting');
    const res = await root.post(`/api/supervisions/jobs/${job.id}/confirm`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: job.id, state: 'queued' });
    const done = await waitForJob(root, job.id);
    expect(done.state, done.error ?? '').toBe('done');
    expect(done.result?.summary).toEqual(ASKED.summary);
    expect({ notices: await count('announcements'), log: await count('update_log'), chunks: await count('job_file_chunks') }).toEqual({ notices: 29, log: 55, chunks: 0 });
    const [file] = (await root.get('/api/supervisions/bodaccall')).json() as Array<{ filename: string; status: number; summary: unknown }>;
    expect(file).toMatchObject({ filename: 'ventes.xml', status: 1, summary: ASKED.summary });
  });

  it('needs the CSRF header and a session', async () => {
    const job = await uploaded('ventes-bis.xml', VENTES);
    // Already stored: nothing new, no log entry, under the threshold.
    expect(job.state).toBe('done');
    const noCsrf = await root.call('POST', `/api/supervisions/jobs/${job.id}/confirm`, {}, { noCsrf: true });
    expect(noCsrf.statusCode).toBe(419);
    expect((await t.anon().post(`/api/supervisions/jobs/${job.id}/abandon`, {})).statusCode).toBe(401);
  });
});

describe('an upload under the threshold', () => {
  it('commits at once', async () => {
    const job = await uploaded('ods.json', ODS);
    expect(job.state, job.error ?? '').toBe('done');
    expect((job.result?.summary as { log_entries: number }).log_entries).toBeLessThanOrEqual(THRESHOLD);
  });
});
