/**
 * The officers queue's state in `dirigeantsall` (server/modules/rne/queue-state.ts), on the test database (PGlite,
 * and PostgreSQL when TEST_DATABASE_URL is set), against the fake RNE API: no usable account, a worker that has not
 * run (or not for 3 minutes), a real drain holding its lease (« Traitement en cours »), then idle with the time of
 * the last entry processed; a live lease wins over a silent worker.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DirigeantsResponse, QueueState } from '../../contract/rne';
import { rowsOf } from '../../server/db/rows';
import { drainQueue } from '../../server/modules/rne/worker/drain';
import { workerDeps } from '../../server/modules/rne/worker/options';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { FAKE_RNE_ACCOUNT, startFakeRne, type FakeRne } from '../helpers/fake-rne-server';
import { validSirens } from '../helpers/sirens';

let t: TestApp;
let root: Client;
let fake: FakeRne;
beforeAll(async () => {
  fake = await startFakeRne();
  t = await createTestApp({ RNE_API_URL: fake.url, RNE_TIMEOUT_MS: '3000' });
  root = await t.superAdmin();
  for (const table of ['rne_queue', 'rne_accounts', 'rne_queue_days']) await t.ctx.db.execute(sql.raw(`delete from ${table}`));
  await t.ctx.db.execute(sql`update rne_queue_counts set worker_seen_at = null`);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function state(): Promise<QueueState> {
  const res = await root.get('/api/supervisions/dirigeantsall');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as DirigeantsResponse).state;
}

const drain = () => drainQueue(workerDeps(t.ctx, { backoffBaseMs: 200_000 }), 'officers', new AbortController().signal);

describe('dirigeantsall state', () => {
  let accountId: number;

  it('no account at all, or none enabled with its token ok: no_account', async () => {
    expect(await state()).toEqual({ kind: 'no_account', last_processed_at: null });
    const [row] = await rowsOf<{ id: string }>(t.ctx.db, sql`insert into rne_accounts (pool, email, password_enc, status, token_ok)
      values ('officers', ${FAKE_RNE_ACCOUNT.username}, ${t.ctx.box.encrypt(FAKE_RNE_ACCOUNT.password)}, 1, 0) returning id`);
    accountId = Number(row.id);
    // A filings account does not work the officers queue.
    await t.ctx.db.execute(sql`insert into rne_accounts (pool, email, password_enc, status, token_ok) values ('filings', 'other@example.com', ${t.ctx.box.encrypt('x')}, 1, 1)`);
    expect((await state()).kind).toBe('no_account');
  });

  it('a usable account but no worker round yet: worker_stopped', async () => {
    await t.ctx.db.execute(sql`update rne_accounts set token_ok = 1 where id = ${accountId}`);
    expect(await state()).toEqual({ kind: 'worker_stopped', last_processed_at: null });
  });

  it('a worker round with nothing to do: idle, nothing processed yet', async () => {
    await drain();
    expect(await state()).toEqual({ kind: 'idle', last_processed_at: null });
  });

  it('a drain at work holds its lease: processing; once done, idle with the time of the last entry processed', async () => {
    await t.ctx.db.execute(sql`insert into rne_queue (queue, siren, reason) select 'officers', s, 'Saisie manuelle' from unnest(${sql.param(validSirens(3, 41_100_011))}::text[]) s`);
    fake.latencyMs = 300;
    const running = drain();
    try {
      await vi.waitFor(async () => expect((await state()).kind).toBe('processing'), { timeout: 5_000, interval: 50 });
    } finally {
      await running;
      fake.latencyMs = 0;
    }
    const after = await state();
    expect(after.kind).toBe('idle');
    expect(Date.now() - Date.parse(after.last_processed_at!)).toBeLessThan(60_000);
  });

  it('a worker silent for more than 3 minutes: worker_stopped, still with the last processing time', async () => {
    await t.ctx.db.execute(sql`update rne_queue_counts set worker_seen_at = now() - interval '4 minutes' where queue = 'officers'`);
    const s = await state();
    expect(s.kind).toBe('worker_stopped');
    expect(s.last_processed_at).not.toBeNull();
  });

  it('a live lease wins over a silent worker: processing; a disabled account leaves no_account', async () => {
    await t.ctx.db.execute(sql`update rne_accounts set leased_by = 'other:1', leased_until = now() + interval '1 minute' where id = ${accountId}`);
    expect((await state()).kind).toBe('processing');
    await t.ctx.db.execute(sql`update rne_accounts set leased_by = null, leased_until = now() - interval '1 second', status = 0 where id = ${accountId}`);
    expect((await state()).kind).toBe('no_account');
  });
});
