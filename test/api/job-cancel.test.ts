/**
 * Cancelling an import (`POST /api/jobs/{id}/cancel`, server/jobs/cancel.ts), on the app's real queue and
 * database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a Sirene import, and a BODACC one, reading a
 * file that stalls (a named pipe the test writes to) is cancelled while it runs and ends failed `cancelled` with « Import annulé par
 * <admin>. Rien n’a été importé. », its file recorded failed with that message, nothing written; on PostgreSQL a
 * request made by another process (the row alone) reaches the process running the job; a queued job ends at once;
 * a job asked to stop whose process died is recovered as cancelled;
 * an ended job, or an unknown one, cannot be cancelled (404); the call needs a session and the CSRF header.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_CSV_COLUMNS } from '../../contract/deal-import';
import type { JobResponse } from '../../contract/jobs';
import { rowsOf } from '../../server/db/rows';
import { requestCancel } from '../../server/jobs/cancel';
import { sireneJobDefinition } from '../../server/modules/feeds/jobs';
import { startFeedJob } from '../../server/modules/feeds/start';
import { createTestApp, multipart, type Client, type TestApp } from '../helpers/app';
import { sireneFixture } from '../helpers/feed-sirene';
import { waitForJob } from '../helpers/news';

let t: TestApp;
let admin: { id: number; client: Client };
let who: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-cancel-'));
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false' });
  admin = await t.newAdmin({ name: 'Martin' });
  const [row] = await rowsOf<{ firstname: string; name: string }>(t.ctx.db, sql`select firstname, name from admins where id = ${admin.id}`);
  who = `${row.firstname} ${row.name}`.trim();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const count = async (table: string) => Number((await rowsOf<{ n: number }>(t.ctx.db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n);

let fifos = 0;
/**
 * An import of a named pipe (Sirene: the header and 40 rows of the sample; BODACC: the first half of a real
 * bulletin), then the pipe stays open and silent, so the job runs until it is stopped. Answers the job once it
 * has read rows, and `close` (ends the pipe).
 */
async function stalledImport(feed: 'sirene' | 'bodacc' = 'sirene'): Promise<{ job: JobResponse; close: () => void }> {
  const fifo = path.join(dir, feed === 'sirene' ? `StockUniteLegale_${++fifos}.csv` : `RCS-A_${++fifos}.xml`);
  execFileSync('mkfifo', [fifo]);
  const lines = sireneFixture('StockUniteLegale_sample.csv').toString('utf8').split('\n');
  const bulletin = fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml'));
  // Opening a pipe for writing waits for its reader: the job opens it once it starts.
  const writer = fs.promises.open(fifo, 'w');
  const row = await startFeedJob(t.ctx.jobs, t.ctx.db, { feed, filename: path.basename(fifo), origin: 'cli', ownerId: admin.id, input: { path: fifo } });
  const handle = await writer;
  await handle.write(feed === 'sirene' ? Buffer.from(lines.slice(0, 41).join('\n') + '\n') : bulletin.subarray(0, Math.floor(bulletin.length / 2)));
  for (let i = 0; ; i++) {
    const job = (await admin.client.get(`/api/jobs/${row.id}`)).json() as JobResponse;
    if (job.state === 'running' && job.rows_read > 0) return { job, close: () => void handle.close().catch(() => {}) };
    if (i > 400) throw new Error(`job ${row.id} never read its rows (${job.state})`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('cancelling a running import', () => {
  it('stops a Sirene import waiting for its file’s next bytes: failed, cancelled by its administrator, nothing written', async () => {
    const before = { companies: await count('companies'), log: await count('update_log') };
    const { job, close } = await stalledImport();
    try {
      const res = await admin.client.post(`/api/jobs/${job.id}/cancel`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as JobResponse).id).toBe(job.id);
      const ended = await waitForJob(admin.client, job.id, 10_000);
      expect(ended).toMatchObject({ state: 'failed', error: `Import annulé par ${who}. Rien n’a été importé.` });
      const [row] = await rowsOf<{ failure_kind: string }>(t.ctx.db, sql`select failure_kind from jobs where id = ${job.id}`);
      expect(row.failure_kind).toBe('cancelled');
      const [file] = await rowsOf<{ status: number; error: string }>(t.ctx.db, sql`select status, error from feed_files where job_id = ${job.id}`);
      expect(file).toEqual({ status: 0, error: ended.error });
      expect({ companies: await count('companies'), log: await count('update_log') }).toEqual(before);
      // Ended: a second request is refused.
      const again = await admin.client.post(`/api/jobs/${job.id}/cancel`, {});
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Cet import n’est plus en cours\u00a0: il ne peut plus être annulé.' });
    } finally {
      close();
    }
  });

  it('stops a BODACC import the same way, its file recorded failed with the message', async () => {
    const before = { notices: await count('announcements'), log: await count('update_log') };
    const { job, close } = await stalledImport('bodacc');
    try {
      const res = await admin.client.post(`/api/jobs/${job.id}/cancel`, {});
      expect(res.statusCode, res.body).toBe(200);
      const ended = await waitForJob(admin.client, job.id, 10_000);
      expect(ended).toMatchObject({ state: 'failed', error: `Import annulé par ${who}. Rien n’a été importé.` });
      const [file] = await rowsOf<{ status: number; error: string }>(t.ctx.db, sql`select status, error from feed_files where job_id = ${job.id}`);
      expect(file).toEqual({ status: 0, error: ended.error });
      expect({ notices: await count('announcements'), log: await count('update_log') }).toEqual(before);
    } finally {
      close();
    }
  });

  it('a request written by another process (PostgreSQL: the row alone) reaches the process running the job', async () => {
    const { job, close } = await stalledImport();
    try {
      if (t.ctx.database.kind === 'pg') await requestCancel(t.ctx.db, job.id, 'Jeanne Autre');
      else await t.ctx.jobs.cancel(job.id, 'Jeanne Autre');
      const ended = await waitForJob(admin.client, job.id, 10_000);
      expect(ended).toMatchObject({ state: 'failed', error: 'Import annulé par Jeanne Autre. Rien n’a été importé.' });
    } finally {
      close();
    }
  });
});

// On PostgreSQL the statement under way is cancelled (pg_cancel_backend). On PGlite a running import holds the only
// connection: the request itself (its session, then the job's row) waits behind the import's statements, so it may
// only arrive once the import has committed (404 « n’est plus en cours »); the end-to-end test cancels while the file
// is still arriving instead (test/e2e/import-cancel.spec.ts).
describe.runIf(process.env.VIGIE_TEST_DB === 'pg')('cancelling a deals import while its statements run (PostgreSQL)', () => {
  it('stops it before it commits: the upload is refused, no deal written', async () => {
    const lines = [DEAL_CSV_COLUMNS.join(';')];
    for (let i = 0; i < 150_000; i++) {
      const row: Record<string, string> = { deal_id: `CANCEL-${i}`, deal_date: '15/03/2026', company_name: `Société fictive ${i}`, url: `https://www.example.com/deal/${i}` };
      lines.push(DEAL_CSV_COLUMNS.map((c) => row[c] ?? '').join(';'));
    }
    const m = multipart('file', 'annule.csv', 'text/csv', Buffer.from(lines.join('\r\n') + '\r\n', 'utf8'));
    const before = await count('deals');
    const upload = admin.client.call('POST', '/api/transactions/import', undefined, { payload: m.payload, headers: m.headers });
    // The jobs this process runs: the import is cancelled once it runs here, well inside its transaction (a request
    // for its row would wait for that transaction on PGlite).
    let id: string | undefined;
    for (let i = 0; i < 2000 && !id; i++) {
      id = t.ctx.jobs.runningHere()[0];
      if (!id) await new Promise((r) => setTimeout(r, 5));
    }
    expect(id, 'the import never ran').toBeDefined();
    await new Promise((r) => setTimeout(r, 1000));
    const cancel = await admin.client.post(`/api/jobs/${id}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refused = await upload;
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().errors.file[0]).toBe(`Import annulé par ${who}. Rien n’a été importé.`);
    expect(await count('deals')).toBe(before);
  }, 120_000);
});

describe('cancelling other jobs', () => {
  it('a queued job ends at once, its input removed', async () => {
    const created = await t.ctx.jobs.create(sireneJobDefinition, admin.id, { filename: 'attente.csv', origin: 'upload', input: { kind: 'stored' } });
    await t.ctx.db.execute(sql`insert into job_file_chunks (job_id, seq, data) values (${created.id}, 0, ${Buffer.from('siren\n')})`);
    const res = await admin.client.post(`/api/jobs/${created.id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, state: 'failed', error: `Import annulé par ${who}. Rien n’a été importé.` });
    expect(Number((await rowsOf<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from job_file_chunks where job_id = ${created.id}`))[0].n)).toBe(0);
  });

  it('a job asked to stop whose process died is recovered as cancelled, not as interrupted', async () => {
    const created = await t.ctx.jobs.create(sireneJobDefinition, admin.id, { filename: 'orphelin.csv', origin: 'upload', input: { kind: 'stored' } });
    const message = 'Import annulé par Jeanne Autre. Rien n’a été importé.';
    await t.ctx.db.execute(sql`update jobs set state = 'running', started_at = now(), failure_kind = 'cancelled', error = ${message} where id = ${created.id}`);
    expect(await t.ctx.jobs.recoverInterrupted()).toContain(created.id);
    const [row] = await rowsOf<{ state: string; error: string; failure_kind: string }>(t.ctx.db, sql`select state, error, failure_kind from jobs where id = ${created.id}`);
    expect(row).toEqual({ state: 'failed', error: message, failure_kind: 'cancelled' });
  });

  it('an unknown job is a 404; the call needs a session and the CSRF header', async () => {
    const unknown = await admin.client.post('/api/jobs/00000000-0000-4000-8000-000000000000/cancel', {});
    expect(unknown.statusCode).toBe(404);
    expect((await t.anon().post('/api/jobs/00000000-0000-4000-8000-000000000000/cancel', {})).statusCode).toBe(401);
    const noCsrf = await admin.client.call('POST', '/api/jobs/00000000-0000-4000-8000-000000000000/cancel', {}, { noCsrf: true });
    expect(noCsrf.statusCode).toBe(419);
  });
});
