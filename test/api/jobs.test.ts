/**
 * `GET /api/jobs/{id}` (issue 8 section 2): the state of a background job for any signed-in administrator
 * (queued / running / done / failed, rows read, bytes read / total, error); 404 for an unknown job, 422 for
 * an id that is not a UUID, 401 without a session. And the clean stop (what SIGTERM runs, `app.close()`):
 * a running job rolls back and ends failed with the French message, leaving no rows.
 * The interruption by a killed process is in test/process/news-job-interrupt.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobResponse } from '../../contract/jobs';
import { SHUTDOWN_MESSAGE } from '../../server/jobs/queue';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createCategory, csvText, importDone, importFile, readJob, upload, utf8 } from '../helpers/news';

const NOT_FOUND = { message: 'Ce traitement n’existe pas.' };
const BAD_ID = "L'identifiant du traitement n'est pas valide.";

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

  it('gives a failed job with its French error', async () => {
    const a = await t.newAdmin();
    const job = await importFile(a.client, 'mal.csv', utf8('siren;titre;categorie;source;lien;date\n400000006;"jamais fermé;Economy;;https://www.example.com/x;01/01/2026\n'));
    expect(await readJob(root, job.id)).toEqual({
      ...job,
      state: 'failed',
      error: 'Le fichier CSV est mal formé à la ligne 2 (guillemet ouvert jamais fermé). Rien n’a été importé.',
      result: null,
      finished_at: expect.any(String),
    });
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

describe('stopping the app while a job runs (what SIGTERM does)', () => {
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
      const stored = ((await own.ctx.db.execute(sql`select state, error, finished_at from jobs where id = ${id}`)) as unknown as {
        rows: Array<{ state: string; error: string | null; finished_at: unknown }>;
      }).rows[0];
      expect(stored.state).toBe('failed');
      expect(stored.error).toBe(SHUTDOWN_MESSAGE);
      expect(stored.error).toContain('le serveur a été arrêté');
      expect(stored.finished_at).not.toBeNull();
      const left = (await own.ctx.db.execute(sql`select (select count(*) from news_temporaries)::int as rows, (select count(*) from job_file_chunks)::int as chunks`)) as unknown as {
        rows: Array<{ rows: number; chunks: number }>;
      };
      expect(left.rows[0]).toEqual({ rows: 0, chunks: 0 });
    } finally {
      await own.close();
    }
  });
});
