/**
 * A job's end is never undone (server/jobs/recovery.ts, server/jobs/execute.ts), on both databases, with a queue of
 * the test's own on a fresh database (no other queue runs there): a job that imports rows and commits its end with
 * them (the staged import), whose cleanup deletes its rows as the news import's does.
 * - Recovery that has read a job as running while it commits its import and releases its lock does not take it for
 *   interrupted: the job stays done, its rows stay, its cleanup never runs (the pause is injected through the
 *   queue's `recoveryRead` seam, and the job's end is awaited through `jobEnded`).
 * - A step after the commit that fails (the removal of a spool file that cannot be removed) is logged; it does not
 *   turn the committed job into a failed one, nor run its cleanup.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../server/db/client';
import { jobs } from '../../server/db/schema';
import { defineJob, type JobContext } from '../../server/jobs/define';
import { jobInputSchema } from '../../server/jobs/files';
import { JobQueue, type QueueSeams } from '../../server/jobs/queue';
import { runStagedImport } from '../../server/jobs/staged-import';
import { freshDatabase } from '../helpers/db';

const KIND = 'race-import';
const payloadSchema = z.object({ rows: z.number().int(), input: jobInputSchema.optional() });

/** A pause a job's handler waits at: `reached` once it is there, `open()` lets it go on. */
function gate() {
  let arrive = () => {};
  let open = () => {};
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { reached, arrive, open, opened };
}

let database: Database;
let queue: JobQueue;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-races-'));
const seams: QueueSeams = {};
const logged: Array<{ level: string; obj: Record<string, unknown>; msg?: string }> = [];
/** The gates of the jobs that wait before their import, by job id. */
const gates = new Map<string, ReturnType<typeof gate>>();
/** The jobs whose cleanup ran. */
const cleaned: string[] = [];

/** Imports `payload.rows` rows into `race_rows` and ends the job in the import's transaction; waits at its gate first. */
async function run(ctx: JobContext<z.output<typeof payloadSchema>>) {
  const pause = gates.get(ctx.job.id);
  if (pause) {
    pause.arrive();
    await pause.opened;
  }
  const stage = `race_stage_${ctx.job.id.replace(/-/g, '')}`;
  return runStagedImport(ctx, {
    clear: async (sql) => void (await sql.exec(`drop table if exists ${stage}`)),
    async stage(sql, temp) {
      await sql.exec(`create temporary table ${stage} (n int) ${temp}`);
      await sql.exec(`insert into ${stage} select generate_series(1, $1::int)`, [ctx.payload.rows]);
      return ctx.payload.rows;
    },
    async merge(sql) {
      const { count } = await sql.exec(`insert into race_rows (job_id, n) select $1, n from ${stage}`, [ctx.job.id]);
      return count;
    },
    summarize: (written) => ({ result: { rows: written }, rowsRead: written }),
  });
}

const definition = defineJob(KIND, payloadSchema, () => ({
  run,
  async cleanup(db, job) {
    cleaned.push(job.id);
    await db.execute(sql`delete from race_rows where job_id = ${job.id}`);
  },
}));

beforeAll(async () => {
  database = await freshDatabase();
  await database.sql.exec('create table race_rows (job_id uuid not null, n int not null)');
  queue = new JobQueue(
    database,
    { info: (obj, msg) => logged.push({ level: 'info', obj: obj as Record<string, unknown>, msg }), error: (obj, msg) => logged.push({ level: 'error', obj: obj as Record<string, unknown>, msg }) },
    seams,
  );
  queue.register(definition);
  await queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const rowsOf = async (id: string) => (await database.sql.rows<{ n: number }>('select count(*)::int as n from race_rows where job_id = $1', [id]))[0].n;
const jobOf = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];

/** Resolves once job `id`'s run in this process is over (the `jobEnded` seam). */
function ended(id: string): Promise<void> {
  return new Promise((resolve) => {
    seams.jobEnded = (done) => {
      if (done === id) resolve();
    };
  });
}

describe('recovery and a job that commits while it is judged', () => {
  it('leaves done a job it read as running, which committed and released its lock before it was judged: rows kept, no cleanup', async () => {
    const job = await queue.create(definition, null, { rows: 3 });
    const pause = gate();
    gates.set(job.id, pause);
    await queue.dispatch(job, null);
    await pause.reached;
    expect((await jobOf(job.id)).state).toBe('running');

    // Recovery reads the running jobs, then waits there until the job has committed and ended.
    let resume = () => {};
    const read = new Promise<string[]>((resolve) => {
      seams.recoveryRead = async (ids) => {
        resolve(ids);
        await new Promise<void>((go) => (resume = go));
      };
    });
    const recovery = queue.recoverInterrupted();
    expect(await read).toContain(job.id);
    const over = ended(job.id);
    pause.open();
    await over;
    expect((await jobOf(job.id)).state).toBe('done');
    resume();
    const failed = await recovery;
    seams.recoveryRead = undefined;

    expect(failed).not.toContain(job.id);
    expect(await jobOf(job.id)).toMatchObject({ state: 'done', result: { rows: 3 }, error: null, failureKind: null });
    expect(await rowsOf(job.id)).toBe(3);
    expect(cleaned).not.toContain(job.id);
  });
});

describe('a step after the commit that fails', () => {
  it('is logged, and neither fails the committed job nor runs its cleanup', async () => {
    const job = await queue.create(definition, null, { rows: 4 });
    // Its spool "file" is a folder: removing it after the commit fails (EISDIR).
    const spool = path.join(dir, job.id);
    fs.mkdirSync(spool);
    const over = ended(job.id);
    await queue.dispatch(job, null, { rows: 4, input: { kind: 'spooled', path: spool } }, { here: true });
    await over;

    expect(await jobOf(job.id)).toMatchObject({ state: 'done', result: { rows: 4 }, error: null, failureKind: null });
    expect(await rowsOf(job.id)).toBe(4);
    expect(cleaned).not.toContain(job.id);
    expect(logged.filter((l) => l.obj.job === job.id && l.level === 'error').map((l) => l.msg)).toEqual(['job input removal failed']);
  });
});
