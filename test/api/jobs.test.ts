/**
 * `GET /api/jobs/{id}`: the state of a background job for any signed-in administrator
 * (queued / running / done / failed, rows read, bytes read / total, error); 404 for an unknown job, 422 for
 * an id that is not a UUID, 401 without a session. And the clean stop (what SIGTERM runs, `app.close()`):
 * a running job rolls back and ends failed with the French message, leaving no rows.
 * The interruption by a killed process is in test/process/news-job-interrupt.test.ts.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobResponse } from '../../contract/jobs';
import { SHUTDOWN_MESSAGE } from '../../server/jobs/failure';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createCategory, csvText, importDone, importFile, readJob, upload, utf8 } from '../helpers/news';
import { rowsOf } from '../../server/db/rows';

const NOT_FOUND = { message: 'Ce traitement n’existe pas.' };
const BAD_ID = "L’identifiant du traitement n’est pas valide.";

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  await createCategory(root, 'Économie', 'Economy');
});
afterAll(async () => t?.close());

const row = (i: number) => ['400000006', '', `Titre ${i}`, 'Economy', '', `https://www.example.com/jobs/${i}`, '01/01/2026'];

describe('GET /api/jobs/{id}', () => {
  it('gives a finished job to any signed-in administrator', async () => {
    const a = await t.newAdmin();
    const job = await importDone(a.client, 'a.csv', utf8(csvText([row(1), row(2)])));
    const b = await t.newAdmin();
    const res = await b.client.get(`/api/jobs/${job.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(job);
    expect(job).toMatchObject({ kind: 'news-import', state: 'done', rows_read: 2, filename: 'a.csv', error: null });
  });

  it('gives a failed job with its French error, which the server log records too', async () => {
    const a = await t.newAdmin();
    const logged: Array<{ level: string; obj: Record<string, unknown>; msg?: string }> = [];
    const appLog = t.ctx.jobs.logger;
    t.ctx.jobs.setLogger({ info: (obj, msg) => logged.push({ level: 'info', obj: obj as Record<string, unknown>, msg }), error: (obj, msg) => logged.push({ level: 'error', obj: obj as Record<string, unknown>, msg }) });
    try {
      const job = await importFile(a.client, 'mal.csv', utf8('siren;titre;categorie;source;lien;date\n400000006;"jamais fermé;Economy;;https://www.example.com/x;01/01/2026\n'));
      const error = 'Le fichier CSV est mal formé à la ligne 2 (guillemet ouvert jamais fermé). Rien n’a été importé.';
      expect(await readJob(root, job.id)).toEqual({ ...job, state: 'failed', error, result: null, finished_at: expect.any(String) });
      expect(logged.filter((l) => l.obj.job === job.id).map((l) => [l.level, l.msg, l.obj.reason])).toEqual([
        ['info', 'job started', undefined],
        ['info', 'job failed', error],
      ]);
    } finally {
      t.ctx.jobs.setLogger(appLog);
    }
  });

  it('answers 404 for an unknown job', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', crypto.randomUUID(), crypto.randomUUID().toUpperCase()]) {
      const res = await root.get(`/api/jobs/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('answers 422 errors.id for an id that is not a UUID', async () => {
    for (const id of ['abc', '1', '00000000-0000-4000-8000-00000000000', '00000000-0000-4000-8000-0000000000000', "1' or '1'='1", '%20']) {
      const res = await root.get(`/api/jobs/${encodeURIComponent(id)}`);
      expect(res.statusCode, id).toBe(422);
      expect(res.json(), id).toEqual({ message: BAD_ID, errors: { id: [BAD_ID] } });
    }
  });

  it('answers 401 without a session, 400 without X-Requested-With', async () => {
    const job = await importDone(root, 'r.csv', utf8(csvText([row(3)])));
    await root.get('/api/news/cancel');
    const anon = await t.anon().get(`/api/jobs/${job.id}`);
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: 'Non authentifié.' });
    const unknown = await t.anon().get(`/api/jobs/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(401);
    const noXhr = await root.get(`/api/jobs/${job.id}`, { noXhr: true });
    expect(noXhr.statusCode).toBe(400);
  });
});

/** Closes a test app whose database was closed already (the PostgreSQL test database is dropped). */
async function dispose(own: TestApp) {
  const url = (own.ctx.database as { url?: string }).url;
  await own.close().catch(() => {}); // its pool was ended already: the drop is done here
  if (url && process.env.TEST_DATABASE_URL) {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
    await c.end();
  }
  fs.rmSync(own.ctx.config.dataDir, { recursive: true, force: true });
}

describe('stopping the app while a job runs (what SIGTERM does)', () => {
  it('right after an upload: no statement reaches the closed database, and the job is neither lost nor left queued by mistake', { timeout: 120_000 }, async () => {
    for (let i = 0; i < 6; i++) {
      const own = await createTestApp();
      try {
        const client = await own.superAdmin();
        await createCategory(client, 'Économie', 'Economy');
        const res = await upload(client, 'a.csv', utf8(csvText([row(1)])));
        expect(res.statusCode, res.body).toBe(202);
        const { id } = (res.json() as { job: JobResponse }).job;
        // Give pg-boss's worker (woken at once by the upload) a varying head start.
        await new Promise((r) => setTimeout(r, i * 2));
        // What server/main.ts does on SIGTERM: close the app, then the database (its pool, or the embedded instance).
        await own.app.close();
        if (own.ctx.database.kind === 'pg') await own.ctx.database.pool!.end();
        else await own.ctx.database.pglite!.close();
        // A statement sent after the close would surface here as an unhandled rejection (which fails the run).
        await new Promise((r) => setTimeout(r, 500));
        const url = (own.ctx.database as { url?: string }).url;
        if (!url) continue; // in-memory PGlite: gone with its close
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        try {
          const ours = (await c.query<{ state: string; error: string | null }>('select state, error from jobs where id = $1', [id])).rows[0];
          const boss = (await c.query<{ state: string }>('select state::text as state from pgboss.job where id = $1', [id])).rows[0];
          // Still waiting in pg-boss (the next start runs it), or ended here (done, or failed with the stop's message).
          if (ours.state === 'queued') expect(boss.state, `attempt ${i}`).toBe('created');
          else expect(['done', 'failed'], `attempt ${i}: ${ours.state} / ${boss.state}`).toContain(ours.state);
          if (ours.state === 'failed') expect(ours.error).toBe(SHUTDOWN_MESSAGE);
        } finally {
          await c.end();
        }
      } finally {
        await dispose(own);
      }
    }
  });

  it('rolls the job back: it ends failed with the French message and leaves no rows', { timeout: 180_000 }, async () => {
    const own = await createTestApp();
    try {
      const client = await own.superAdmin();
      await createCategory(client, 'Économie', 'Economy');
      const data = utf8(csvText(Array.from({ length: 200_000 }, (_, i) => row(i))));
      const res = await upload(client, 'long.csv', data);
      expect(res.statusCode, res.body).toBe(202);
      const { id } = (res.json() as { job: JobResponse }).job;
      let job = await readJob(client, id);
      for (const end = Date.now() + 120_000; !(job.state === 'running' && job.rows_read > 0) && Date.now() < end; ) {
        expect(['queued', 'running']).toContain(job.state);
        await new Promise((r) => setTimeout(r, 20));
        job = await readJob(client, id);
      }
      expect(job).toMatchObject({ state: 'running' });
      expect(job.rows_read).toBeGreaterThan(0);

      await own.app.close();
      const stored = (await rowsOf<{ state: string; error: string | null; finished_at: unknown }>(own.ctx.db, sql`select state, error, finished_at from jobs where id = ${id}`))[0];
      expect(stored.state).toBe('failed');
      expect(stored.error).toBe(SHUTDOWN_MESSAGE);
      expect(stored.error).toContain('le serveur a été arrêté');
      expect(stored.finished_at).not.toBeNull();
      const [left] = await rowsOf<{ rows: number; chunks: number }>(own.ctx.db, sql`select (select count(*) from news_temporaries)::int as rows, (select count(*) from job_file_chunks)::int as chunks`);
      expect(left).toEqual({ rows: 0, chunks: 0 });
    } finally {
      await own.close();
    }
  });
});
