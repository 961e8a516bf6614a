/**
 * Which queued jobs recovery takes as lost (server/jobs/recovery.ts), on both databases, with queues of the test's
 * own on a fresh database: a job is judged by what the queue knows of it, never by its age.
 * - Not lost, however long it has waited: a job waiting in pg-boss behind a long job of its kind (one worker per
 *   kind), a job dispatched `here` behind the earlier ones, a job whose input is still arriving (created, not yet
 *   dispatched), a job pg-boss has just handed to a worker.
 * - Lost at once (`never_started`, NEVER_STARTED_MESSAGE, its input removed): a queued job that pg-boss does not have
 *   and that no live process holds, a job fetched by a worker that never claimed it within UNCLAIMED_MAX_MS.
 * - PostgreSQL: a job held by another live process (its session advisory lock) is left alone, and taken as lost once
 *   that process's connection is gone.
 * The long job waits at a gate the test opens (no sleeps).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { jobs } from '../../server/db/schema';
import { defineJob, type JobContext } from '../../server/jobs/define';
import { NEVER_STARTED_MESSAGE } from '../../server/jobs/failure';
import { jobInputSchema } from '../../server/jobs/files';
import { JobQueue } from '../../server/jobs/queue';
import { stopError } from '../../server/jobs/staged-import';
import { freshDatabase } from '../helpers/db';

const KIND = 'lost-test';
const payloadSchema = z.object({ name: z.string(), input: jobInputSchema.optional() });

/** The jobs that wait at a gate before they end, by job id: the test opens it. */
const gates = new Map<string, { reached: Promise<void>; arrive: () => void; open: () => void; opened: Promise<void> }>();

/** Waits at the job's gate, if it has one (or until the queue stops), then ends done. */
async function run(ctx: JobContext<z.output<typeof payloadSchema>>) {
  const pause = gates.get(ctx.job.id);
  if (pause) {
    pause.arrive();
    const stopped = new Promise<never>((_, reject) => ctx.signal.addEventListener('abort', () => reject(stopError(ctx.signal)), { once: true }));
    await Promise.race([pause.opened, stopped]);
  }
  return { result: { name: ctx.payload.name } };
}

const definition = defineJob(KIND, payloadSchema, () => ({ run, cleanup: async () => {} }));

let database: Database;
let queue: JobQueue;
beforeAll(async () => {
  database = await freshDatabase();
  queue = new JobQueue(database);
  queue.register(definition);
  await queue.start();
});
afterAll(async () => {
  for (const pause of gates.values()) pause.open();
  await queue?.stop();
  await database?.close();
});

/** A gate for job `id` (see `gates`). */
function gate(id: string) {
  let arrive = () => {};
  let open = () => {};
  const reached = new Promise<void>((resolve) => (arrive = resolve));
  const opened = new Promise<void>((resolve) => (open = resolve));
  const pause = { reached, arrive, open, opened };
  gates.set(id, pause);
  return pause;
}

const jobOf = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0];
/** Makes job `id` look created two hours ago. */
const age = (id: string) => database.db.update(jobs).set({ createdAt: new Date(Date.now() - 2 * 3600_000) }).where(eq(jobs.id, id));
const chunks = async (id: string) => (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from job_file_chunks where job_id = ${id}`))[0].n;

/** Starts a job that runs until its gate opens, and answers it once it runs. */
async function longJob(name: string, here = false) {
  const job = await queue.create(definition, null, { name });
  const pause = gate(job.id);
  await queue.dispatch(job, null, undefined, { here });
  await pause.reached;
  return { job, pause };
}

describe('a queued job that waits is not lost, however long it has waited', () => {
  it('waiting in pg-boss behind a long job of its kind: kept queued, then run', async () => {
    const { job: long, pause } = await longJob('long');
    try {
      const waiting = await queue.create(definition, null, { name: 'behind' });
      await queue.dispatch(waiting, null);
      await age(waiting.id);
      expect(await queue.recoverInterrupted()).not.toContain(waiting.id);
      expect((await jobOf(waiting.id)).state).toBe('queued');
      pause.open();
      expect(await queue.waitFor(long.id, { pollMs: 20 })).toMatchObject({ state: 'done' });
      expect(await queue.waitFor(waiting.id, { pollMs: 20 })).toMatchObject({ state: 'done', result: { name: 'behind' } });
    } finally {
      pause.open();
    }
  });

  it('dispatched `here` behind an earlier job of its kind: kept queued, then run', async () => {
    const { job: long, pause } = await longJob('long here', true);
    try {
      const waiting = await queue.create(definition, null, { name: 'behind here' });
      await queue.dispatch(waiting, null, undefined, { here: true });
      await age(waiting.id);
      expect(await queue.recoverInterrupted()).not.toContain(waiting.id);
      expect((await jobOf(waiting.id)).state).toBe('queued');
      pause.open();
      expect(await queue.waitFor(long.id, { pollMs: 20 })).toMatchObject({ state: 'done' });
      expect(await queue.waitFor(waiting.id, { pollMs: 20 })).toMatchObject({ state: 'done', result: { name: 'behind here' } });
    } finally {
      pause.open();
    }
  });

  it('created while its input still arrives (not dispatched yet): kept queued', async () => {
    const arriving = await queue.create(definition, null, { name: 'arriving' });
    await age(arriving.id);
    expect(await queue.recoverInterrupted()).not.toContain(arriving.id);
    expect((await jobOf(arriving.id)).state).toBe('queued');
    await queue.discard(arriving.id);
  });
});

describe('a queued job that nothing will start is lost at once', () => {
  it('pg-boss does not have it and no process holds it (its process died before dispatching it): failed never_started, its input removed', async () => {
    const [orphan] = await database.db.insert(jobs).values({ kind: KIND, payload: { name: 'orphan' } }).returning();
    await database.db.execute(sql`insert into job_file_chunks (job_id, seq, data) values (${orphan.id}, 0, ${Buffer.from('x')})`);
    expect(await queue.recoverInterrupted()).toContain(orphan.id);
    expect(await jobOf(orphan.id)).toMatchObject({ state: 'failed', error: NEVER_STARTED_MESSAGE, failureKind: 'never_started' });
    expect(await chunks(orphan.id)).toBe(0);
  });

  it('fetched by a worker that never claimed it (its process died): lost once the fetch is older than the limit, not before', async () => {
    const { pause } = await longJob('long again');
    try {
      const fresh = await queue.create(definition, null, { name: 'just fetched' });
      await queue.dispatch(fresh, null);
      const stale = await queue.create(definition, null, { name: 'fetched long ago' });
      await queue.dispatch(stale, null);
      // What pg-boss shows of a job a worker fetched: active since its fetch.
      await database.db.execute(sql`update pgboss.job set state = 'active', started_on = now() where name = ${KIND} and id = ${fresh.id}`);
      await database.db.execute(sql`update pgboss.job set state = 'active', started_on = now() - interval '2 hours' where name = ${KIND} and id = ${stale.id}`);
      const lost = await queue.recoverInterrupted();
      expect(lost).toContain(stale.id);
      expect(lost).not.toContain(fresh.id);
      expect(await jobOf(stale.id)).toMatchObject({ state: 'failed', error: NEVER_STARTED_MESSAGE, failureKind: 'never_started' });
      expect((await jobOf(fresh.id)).state).toBe('queued');
      await database.db.execute(sql`update pgboss.job set state = 'cancelled' where name = ${KIND} and id = ${fresh.id}`);
      await database.db.update(jobs).set({ state: 'failed' }).where(eq(jobs.id, fresh.id));
    } finally {
      pause.open();
    }
  });
});

describe.runIf(process.env.VIGIE_TEST_DB === 'pg')('a job held by another process (PostgreSQL)', () => {
  it('is left alone while that process lives, and lost once its connection is gone', async () => {
    const other = new JobQueue(database);
    other.register(definition);
    await other.start();
    try {
      const held = await other.create(definition, null, { name: 'held elsewhere' });
      await age(held.id);
      expect(await queue.recoverInterrupted()).not.toContain(held.id);
      expect((await jobOf(held.id)).state).toBe('queued');
      // The other process dies: the connection holding its session locks goes (waiting until it has gone).
      const key = Number(held.lockKey) % 2147483647;
      const { rows } = await database.pool!.query<{ gone: boolean }>(
        `select pg_terminate_backend(pid, 10000) as gone from pg_locks where locktype = 'advisory' and objid = $1 and granted and pid <> pg_backend_pid()`,
        [key],
      );
      expect(rows.map((r) => r.gone)).toEqual([true]);
      expect(await queue.recoverInterrupted()).toContain(held.id);
      expect(await jobOf(held.id)).toMatchObject({ state: 'failed', error: NEVER_STARTED_MESSAGE, failureKind: 'never_started' });
    } finally {
      await other.stop();
    }
  });
});
