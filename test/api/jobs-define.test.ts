/**
 * Jobs declared once (server/jobs/define.ts): the modules' definitions are registered on the app's queue, with
 * the feed jobs' RNE wake-up; a job whose payload does not match its kind's schema fails as refused, with its
 * French message, and its handler never runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { jobs } from '../../server/db/schema';
import { BAD_PAYLOAD_MESSAGE, defineJob } from '../../server/jobs/define';
import { JobQueue } from '../../server/jobs/queue';
import { serverModules } from '../../server/modules';
import { registerJobs } from '../../server/modules/job-registry';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let queue: JobQueue;
const runs: unknown[] = [];
const KIND = `define-test-${Date.now()}`;
const definition = defineJob(KIND, z.object({ filename: z.string() }), () => ({
  run: async (ctx) => {
    runs.push(ctx.payload);
    return { result: { ok: true } };
  },
  cleanup: async () => {},
}));

beforeAll(async () => {
  t = await createTestApp();
  queue = new JobQueue(t.ctx.database);
  registerJobs({ ...t.ctx, jobs: queue }, [{ jobs: [definition] }]);
  await queue.start();
});
afterAll(async () => {
  await queue?.stop();
  await t?.close();
});

/** Runs a job of the definition; `stored` replaces its payload in its row first, as an older version may have written it. */
async function runJob(payload: { filename: string }, stored?: Record<string, unknown>) {
  const created = await queue.create(definition, null, payload);
  if (stored) await t.ctx.db.update(jobs).set({ payload: stored }).where(eq(jobs.id, created.id));
  await queue.dispatch(created, null);
  return queue.waitFor(created.id, { pollMs: 20 });
}

describe('defineJob', () => {
  it('runs a job whose payload matches its schema', async () => {
    expect(await runJob({ filename: 'a.csv' })).toMatchObject({ state: 'done', result: { ok: true } });
    expect(runs).toEqual([{ filename: 'a.csv' }]);
  });

  it('refuses a payload that does not match, without running the handler', async () => {
    expect(await runJob({ filename: 'b.csv' }, { name: 'b.csv' })).toMatchObject({ state: 'failed', error: BAD_PAYLOAD_MESSAGE, failureKind: 'refused' });
    expect(runs).toHaveLength(1);
  });

  it('every module’s jobs are declared in the registry: the four imports', () => {
    const kinds = serverModules.flatMap((m) => (m.jobs ?? []).map((j) => j.kind));
    expect(kinds.sort()).toEqual(['deal-import', 'feed-bodacc', 'feed-sirene', 'news-import']);
  });
});
