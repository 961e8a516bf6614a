/**
 * Recovery of interrupted jobs (server/jobs/recovery.ts `recoverInterrupted`): a job left
 * `running` by a process that is gone is marked failed with the French message and its rows are deleted;
 * on PostgreSQL a job whose advisory lock is still held (its process alive) is left alone; a queued job that
 * nothing will start is taken as lost, one whose process holds it is not (test/api/jobs-lost.test.ts has the rest).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADVISORY_LOCK_CLASSES } from '../../server/db/locks';
import { defineJob } from '../../server/jobs/define';
import { jobs, newsCategories, newsTemporaries } from '../../server/db/schema';
import { JobQueue } from '../../server/jobs/queue';
import { INTERRUPTED_MESSAGE, NEVER_STARTED_MESSAGE } from '../../server/jobs/failure';
import { NEWS_IMPORT, newsImportJobDefinition } from '../../server/modules/news/import-job';
import { createTestApp, type TestApp } from '../helpers/app';
import { rowsOf as dbRows } from '../../server/db/rows';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A job row in `state`, owned by the super admin, with one temporary row when running. */
async function job(state: 'queued' | 'running', createdAt = new Date()) {
  const [row] = await t.ctx.db.insert(jobs).values({ kind: NEWS_IMPORT, ownerId: 1, state, payload: { filename: 'x.csv' }, createdAt }).returning();
  if (state === 'running') {
    await t.ctx.db.insert(newsTemporaries).values({ jobId: row.id, ownerId: 1, line: 2, siren: '356000000', title: 'T', category: 'C', postedRaw: '', url: 'https://example.com/a' });
  }
  return row;
}
const stateOf = async (id: string) => (await t.ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const rowsOf = async (id: string) => (await t.ctx.db.select().from(newsTemporaries).where(eq(newsTemporaries.jobId, id))).length;

describe('recoverInterrupted', () => {
  it('fails a running job whose process is gone, with the French message, and deletes its rows', async () => {
    await t.ctx.db.insert(newsCategories).values({ nameFr: 'Reprise', nameEn: 'Recovery' });
    const orphan = await job('running');
    expect(await rowsOf(orphan.id)).toBe(1);
    expect(await t.ctx.jobs.recoverInterrupted()).toContain(orphan.id);
    const after = await stateOf(orphan.id);
    expect(after.state).toBe('failed');
    expect(after.error).toBe(INTERRUPTED_MESSAGE);
    expect(after.finishedAt).not.toBeNull();
    expect(await rowsOf(orphan.id)).toBe(0);
  });

  it('takes as lost a queued job that nothing will start, however recent, and leaves queued one its process holds, however old', async () => {
    // Written by a process that died before it sent the job: not in pg-boss, held by no process.
    const lost = await job('queued');
    // Its upload still arriving in this process.
    const held = await t.ctx.jobs.create(newsImportJobDefinition, 1, { filename: 'x.csv' });
    await t.ctx.db.update(jobs).set({ createdAt: new Date(Date.now() - 2 * 3600_000) }).where(eq(jobs.id, held.id));
    await t.ctx.jobs.recoverInterrupted();
    expect((await stateOf(lost.id)).state).toBe('failed');
    expect((await stateOf(lost.id)).error).toBe(NEVER_STARTED_MESSAGE);
    expect((await stateOf(held.id)).state).toBe('queued');
    await t.ctx.jobs.discard(held.id);
  });

  it.runIf(process.env.VIGIE_TEST_DB === 'pg')('on PostgreSQL, leaves alone a running job whose lock another process holds', async () => {
    const alive = await job('running');
    const holder = await t.ctx.database.pool!.connect();
    try {
      await holder.query('select pg_advisory_lock($1, $2)', [ADVISORY_LOCK_CLASSES.job, Number(alive.lockKey) % 2147483647]);
      expect(await t.ctx.jobs.recoverInterrupted()).not.toContain(alive.id);
      expect((await stateOf(alive.id)).state).toBe('running');
      expect(await rowsOf(alive.id)).toBe(1);
    } finally {
      await holder.query('select pg_advisory_unlock_all()');
      holder.release();
    }
    // The holder gone, the next pass fails it.
    expect(await t.ctx.jobs.recoverInterrupted()).toContain(alive.id);
    expect((await stateOf(alive.id)).state).toBe('failed');
    expect(await rowsOf(alive.id)).toBe(0);
  });
});

it.runIf(process.env.VIGIE_TEST_DB === 'pg')('on PostgreSQL, two processes creating the same new queues at once both start (no deadlock in pg-boss)', async () => {
  for (let round = 0; round < 3; round++) {
    const queues = [new JobQueue(t.ctx.database), new JobQueue(t.ctx.database)];
    const kinds = Array.from({ length: 6 }, (_, i) => `race-${round}-${i}-${Date.now()}`);
    for (const q of queues) for (const kind of kinds) q.register(defineJob(kind, z.object({}), () => ({ run: async () => ({ result: {} }), cleanup: async () => {} })));
    const started = await Promise.allSettled(queues.map((q) => q.start()));
    await Promise.all(queues.map((q) => q.stop()));
    expect(started.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok']);
  }
});

it('keeps pg-boss in its own schema, created with the migrations', async () => {
  const [res] = await dbRows<{ ok: boolean }>(t.ctx.db, sql`select to_regclass('pgboss.version') is not null as ok`);
  expect(res.ok).toBe(true);
});
