/**
 * A news import job and the life of the process that runs it, with the real entry point
 * (server/main.ts) in a child process, signed in over HTTP like the browser (CSRF cookie, X-XSRF-TOKEN,
 * X-Requested-With; test/helpers/process-server.ts, shared with the fault-injection suite `npm run faults`):
 * - killed (SIGKILL) while the job runs, then restarted on the same data: the job is failed with the
 *   interruption message, and none of its rows remain (neither listed nor in `news_temporaries`);
 * - stopped (SIGTERM) while the job runs: it exits 0, and the job has ended failed with the "serveur a été
 *   arrêté" message (or done), leaving no rows.
 * On the embedded database (PGlite in a temporary DATA_DIR, a copy of an already migrated one) always; on PostgreSQL (a fresh database created
 * on TEST_DATABASE_URL's server, dropped afterwards) when TEST_DATABASE_URL is set.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { JobResponse } from '../../contract/jobs';
import { openDatabase, pgliteDirOf } from '../../server/db/client';
import { INTERRUPTED_MESSAGE, SHUTDOWN_MESSAGE } from '../../server/jobs/failure';
import { PG_PREFIX, withDatabase } from '../helpers/db';
import { migratedDataDir } from '../helpers/migrated-data-dir';
import { BrowserClient, killStartedProcesses, startServer, startServerAfterKill, type ProcessServer } from '../helpers/process-server';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-job-interrupt-'));
const base = process.env.TEST_DATABASE_URL;
const databases: string[] = [];
const ROWS = 300_000;

afterAll(async () => {
  killStartedProcesses();
  if (base) {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    for (const name of databases) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The big file: ROWS rows, every one valid (the job is stopped long before it ends). */
function bigCsv(): Buffer {
  const lines = ['siren;nom;titre;categorie;source;lien;date'];
  for (let i = 0; i < ROWS; i++) lines.push(`400000006;Société Exemple;Titre numéro ${i};Économie;Source;https://www.example.com/interrupt/${i};15/07/2026 14:30`);
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

/** Signs in, creates the category, uploads the big file and waits until its job runs and has read rows. */
async function startLongImport(server: ProcessServer): Promise<{ http: BrowserClient; id: string }> {
  const http = await new BrowserClient(server.url).signIn();
  const category = await http.call('POST', '/api/news/store', { name_fr: 'Économie', name_en: 'Economy', status: 1 });
  expect([201, 422]).toContain(category.status); // 422: already there after a restart
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bigCsv())], { type: 'text/csv' }), 'long.csv');
  const res = await http.call('POST', '/api/news/import', form);
  expect(res.status, JSON.stringify(res.json)).toBe(202);
  const { id } = (res.json as { job: JobResponse }).job;
  let job = await http.job(id);
  for (const end = Date.now() + 120_000; !(job.state === 'running' && job.rows_read > 0) && Date.now() < end; ) {
    expect(['queued', 'running'], job.error ?? '').toContain(job.state);
    await new Promise((r) => setTimeout(r, 25));
    job = await http.job(id);
  }
  expect(job.state).toBe('running');
  expect(job.rows_read).toBeGreaterThan(0);
  expect(job.rows_read).toBeLessThan(ROWS);
  return { http, id };
}

/** Rows the job left in `news_temporaries`, its stored file chunks, and its state, read straight from the database. */
async function leftovers(env: Record<string, string>, id: string) {
  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: pgliteDirOf(env.DATA_DIR) });
  try {
    const read = async (text: string) => {
      const res = database.kind === 'pg' ? await database.pool!.query(text, [id]) : await database.pglite!.query(text, [id]);
      return res.rows[0] as Record<string, unknown>;
    };
    return {
      rows: Number((await read('select count(*)::int as n from news_temporaries where job_id = $1')).n),
      chunks: Number((await read('select count(*)::int as n from job_file_chunks where job_id = $1')).n),
      job: await read('select state, error from jobs where id = $1'),
      allTemporaries: Number((await read('select count(*)::int as n from news_temporaries where $1::uuid is not null')).n),
    };
  } finally {
    await database.close();
  }
}

/** Environments of the two databases. */
async function embedded(): Promise<Record<string, string>> {
  return { DATA_DIR: await migratedDataDir(tmp) };
}
async function postgres(): Promise<Record<string, string>> {
  const name = `${PG_PREFIX}_jobkill_${crypto.randomBytes(5).toString('hex')}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  databases.push(name);
  return { DATA_DIR: fs.mkdtempSync(path.join(tmp, 'data-')), DATABASE_URL: withDatabase(base!, name) };
}

const cases: Array<[string, () => Promise<Record<string, string>>, boolean]> = [
  ['the embedded database', embedded, true],
  ['PostgreSQL', postgres, Boolean(base)],
];

for (const [label, environment, enabled] of cases) {
  describe.runIf(enabled)(`a news import job on ${label}`, () => {
    it('killed (SIGKILL) while it runs: after a restart it is failed with the interruption message and none of its rows remain', { timeout: 300_000 }, async () => {
      const env = await environment();
      const first = (await startServer(env))!;
      expect(first, 'first start').not.toBeNull();
      const { id } = await startLongImport(first);
      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');

      const second = await startServerAfterKill(env);
      const http = await new BrowserClient(second.url).signIn();
      const job = await http.job(id);
      expect(job, second.output()).toMatchObject({ id, state: 'failed', error: INTERRUPTED_MESSAGE, filename: 'long.csv' });
      expect(job.error).toContain('le serveur s’est arrêté');
      expect(job.finished_at).not.toBeNull();
      const page = await http.call('POST', '/api/news/filtertemporaries', {});
      expect(page.status).toBe(200);
      expect(page.json).toMatchObject({ data: [], total: 0, rows_total: 0, rows_in_error: 0, job: { id, state: 'failed' } });
      // The operator may import again at once.
      const form = new FormData();
      form.append('file', new Blob(['siren;titre;categorie;source;lien;date\r\n400000006;Après la reprise;Economy;;https://www.example.com/after;01/01/2026\r\n']), 'apres.csv');
      expect((await http.call('POST', '/api/news/import', form)).status).toBe(202);

      second.child.kill('SIGTERM');
      expect((await second.exited).code, second.output()).toBe(0);
      const left = await leftovers(env, id);
      expect(left).toMatchObject({ rows: 0, chunks: 0, job: { state: 'failed', error: INTERRUPTED_MESSAGE } });
    });

    it('stopped (SIGTERM) while it runs: the process exits 0 and the job has ended failed ("serveur a été arrêté") or done, with no half-written rows', { timeout: 300_000 }, async () => {
      const env = await environment();
      const server = (await startServer(env))!;
      expect(server, 'start').not.toBeNull();
      const { id } = await startLongImport(server);
      server.child.kill('SIGTERM');
      const exit = await server.exited;
      expect(exit.code, server.output()).toBe(0);
      // Read before any restart: the stop itself ended the job (no recovery at the next start involved).
      const left = await leftovers(env, id);
      if (left.job.state === 'done') {
        expect(left.rows).toBe(ROWS);
      } else {
        expect(left, server.output()).toMatchObject({ rows: 0, chunks: 0, job: { state: 'failed', error: SHUTDOWN_MESSAGE } });
        expect(String(left.job.error)).toContain('le serveur a été arrêté');
      }
      expect(left.allTemporaries).toBe(left.rows);
    });
  });
}
