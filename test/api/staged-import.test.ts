/**
 * The staged import (server/jobs/staged-import.ts) on both databases: the rows an import writes and the job's
 * end are committed together. A process that dies right after the import's commit leaves a job `done` with its
 * result, never one that recovery would fail with « Rien n'a été enregistré » while its rows are there; a refused
 * import keeps nothing, and its job ends failed with the kind `refused`.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../server/db/schema';
import { AppError } from '../../server/lib/errors';
import { z } from 'zod';
import { defineJob, type JobContext } from '../../server/jobs/define';
import { JobQueue } from '../../server/jobs/queue';
import { runStagedImport } from '../../server/jobs/staged-import';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let queue: JobQueue;
const KIND = `staged-test-${Date.now()}`;
/** What each job saw of its own row, from another connection, right after its import returned. */
const seenAfterImport = new Map<string, string>();

/** Imports `payload.rows` rows; then fails as a dying process would when `payload.crash`, or refuses the file when `payload.refuse`. */
const payloadSchema = z.object({ rows: z.number().int(), crash: z.boolean().optional(), refuse: z.boolean().optional() });
type Payload = z.output<typeof payloadSchema>;

async function run(ctx: JobContext<Payload>) {
  const { payload } = ctx;
  const stage = `staged_test_${ctx.job.id.replace(/-/g, '')}`;
  const out = await runStagedImport(ctx, {
    clear: async (sql) => void (await sql.exec(`drop table if exists ${stage}`)),
    async stage(sql, temp) {
      await sql.exec(`create temporary table ${stage} (n int) ${temp}`);
      await sql.exec(`insert into ${stage} select generate_series(1, $1::int)`, [payload.rows]);
      return payload.rows;
    },
    async check(_sql, staged) {
      if (payload.refuse) throw new AppError(422, 'Fichier refusé.');
      return staged;
    },
    async merge(sql) {
      const { count } = await sql.exec(`insert into staged_test_rows (job_id, n) select $1, n from ${stage}`, [ctx.job.id]);
      return count;
    },
    summarize: (written) => ({ result: { rows: written }, rowsRead: written }),
  });
  const [row] = await t.ctx.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, ctx.job.id));
  seenAfterImport.set(ctx.job.id, row.state);
  if (payload.crash) throw new Error('the process died after the commit');
  return out;
}

const definition = defineJob(KIND, payloadSchema, () => ({ run, cleanup: async () => {} }));

beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.database.sql.exec('create table if not exists staged_test_rows (job_id uuid not null, n int not null)');
  queue = new JobQueue(t.ctx.database);
  queue.register(definition);
  await queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await t?.close();
});

async function importRows(payload: Payload) {
  const created = await queue.create(definition, null, payload);
  await queue.dispatch(created, null);
  const end = await queue.waitFor(created.id, { pollMs: 20 });
  const written = await t.ctx.database.sql.rows<{ n: number }>('select count(*)::int as n from staged_test_rows where job_id = $1', [created.id]);
  // The job is seen done at its commit, which may come before its handler has recorded what it saw.
  if (end.state === 'done') await vi.waitFor(() => expect(seenAfterImport.has(created.id)).toBe(true));
  return { end, written: written[0].n, seen: seenAfterImport.get(created.id) };
}

describe('runStagedImport', () => {
  it('commits the rows and the job’s end together: another connection sees the job done as soon as the import returns', async () => {
    const { end, written, seen } = await importRows({ rows: 3 });
    expect(seen).toBe('done');
    expect(end).toMatchObject({ state: 'done', result: { rows: 3 }, rowsRead: 3, failureKind: null });
    expect(written).toBe(3);
  });

  it('a failure after the commit (a dying process) leaves the job done with its result, as its rows are', async () => {
    const { end, written } = await importRows({ rows: 5, crash: true });
    expect(end).toMatchObject({ state: 'done', result: { rows: 5 }, error: null });
    expect(written).toBe(5);
    // Recovery has nothing to say about it.
    expect(await queue.recoverInterrupted()).not.toContain(end.id);
  });

  it('a refused file keeps nothing; its job ends failed, with its French message and the kind `refused`', async () => {
    const { end, written } = await importRows({ rows: 4, refuse: true });
    expect(end).toMatchObject({ state: 'failed', error: 'Fichier refusé.', failureKind: 'refused' });
    expect(written).toBe(0);
  });
});
