/**
 * Deal writes racing the publication (`GET /api/transactions/insert`, `purge`): on PostgreSQL a toggle, or an
 * import's merge, and a publication or purge lock the same deal rows and the `deal_publication_counts` row in
 * opposite orders, and PostgreSQL aborts one of them (SQLSTATE 40P01). Every call still answers: the aborted
 * transaction is run again (server/db/retry.ts), and a publication waits for an import's merge. API tests on both
 * databases (on PGlite the calls are serialised and nothing deadlocks; the counts are checked the same).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_CSV_COLUMNS } from '../../contract/deal-import';
import { createTestApp, multipart, type Client, type TestApp } from '../helpers/app';
import { rowsOf } from '../../server/db/rows';

let t: TestApp;
let root: Client;
beforeAll(async () => {
  // What is tested is that every racing call answers (deadlocks retried, no 500), not the 5 s budget of one
  // statement: on a loaded 2-core machine a toggle waiting for a publication's locks passed it once (a 503), so the
  // budget is 30 s here (test/api/statement-timeout.test.ts tests the budget itself).
  t = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '30000' });
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

/** Inserts `n` active deals with one entity each (as the deals service stores them: revision 1, never published); returns their ids. */
async function insertDeals(prefix: string, n: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(t.ctx.db, sql`insert into deals (deal_identifier, deal_date, currency)
    select ${prefix} || '-' || g, '2026-01-02', 'EUR' from generate_series(1, ${n}) g returning id::int as id`);
  const ids = rows.map((r) => Number(r.id));
  await t.ctx.db.execute(sql`insert into deal_entities (deal_id, position, name, deal_identifier, deal_date, currency)
    select d.id, 0, 'Société ' || d.id, d.deal_identifier, d.deal_date, d.currency from deals d where d.deal_identifier like ${prefix + '-%'}`);
  return ids;
}

/** The counter of the deals waiting for publication, against a count of them. */
async function waitingCounts() {
  const [row] = await rowsOf<{ kept: number; counted: number }>(t.ctx.db, sql`select
    (select waiting from deal_publication_counts where id = 1)::int as kept,
    (select count(*) from deals where (status = 1 and published_revision is distinct from revision) or (status <> 1 and published_revision is not null))::int as counted`);
  return { kept: Number(row.kept), counted: Number(row.counted) };
}

/** Every answer that is not a 200, as `status body`. */
const failures = (answers: Array<{ statusCode: number; body: string }>) => answers.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body.slice(0, 120)}`);

describe('toggles racing publications and purges', () => {
  it('answers every one of 480 toggles, 24 bulk actions and 40 publications or purges (no 500)', { timeout: 120_000 }, async () => {
    const ids = await insertDeals('RACE', 60);
    const entities = (await rowsOf<{ id: number }>(t.ctx.db, sql`select id::int as id from deal_entities where deal_identifier like 'RACE-%' order by id`)).map((r) => Number(r.id));
    expect((await root.get('/api/transactions/insert')).statusCode).toBe(200);
    const calls: Array<Promise<{ statusCode: number; body: string }>> = [];
    for (let i = 0; i < 480; i++) {
      calls.push(root.post(`/api/transactions/toggledeal/${ids[(i * 7) % ids.length]}`));
      if (i % 12 === 0) calls.push(root.get(i % 24 === 0 ? '/api/transactions/insert' : '/api/transactions/purge'));
      if (i % 20 === 5) calls.push(root.post(`/api/transactions/bulk/${i % 40 === 5 ? 'deactivate' : 'activate'}`, { ids: entities.filter((_, k) => k % 3 === i % 3) }));
    }
    expect(failures(await Promise.all(calls))).toEqual([]);
    const counts = await waitingCounts();
    expect(counts.kept).toBe(counts.counted);
  });
});

describe('purges during an import', () => {
  /** A deals CSV of `n` deals (one entity each), their amount `amount`. */
  function dealsCsv(n: number, amount: string): Buffer {
    const lines = [DEAL_CSV_COLUMNS.join(';')];
    for (let i = 1; i <= n; i++) {
      const row: Record<string, string> = { deal_id: `IMP-${i}`, deal_date: '15/03/2026', company_name: `Société ${i}`, amount, currency: 'EUR' };
      lines.push(DEAL_CSV_COLUMNS.map((c) => row[c] ?? '').join(';'));
    }
    return Buffer.from(lines.join('\r\n') + '\r\n');
  }
  const upload = (data: Buffer) => {
    const m = multipart('file', 'deals.csv', 'text/csv', data);
    return root.call('POST', '/api/transactions/import', undefined, { payload: m.payload, headers: m.headers });
  };

  // Big enough on PostgreSQL for the purges to meet the merge; PGlite runs one statement at a time and is slower.
  const size = process.env.VIGIE_TEST_DB === 'pg' ? 20_000 : 2_000;

  it('answers the import and every publication or purge sent while it merges (no 500)', { timeout: 180_000 }, async () => {
    const first = await upload(dealsCsv(size, '1000'));
    expect(first.statusCode, first.body.slice(0, 300)).toBe(200);
    expect((await root.get('/api/transactions/insert')).statusCode).toBe(200);
    // The same deals with another amount: the merge updates every one of them while the purges and publications run.
    const importing = upload(dealsCsv(size, '2000'));
    const calls: Array<{ statusCode: number; body: string }> = [];
    let done = false;
    void importing.finally(() => (done = true));
    for (let i = 0; !done || i < 8; i++) {
      calls.push(await root.get(i % 2 === 0 ? '/api/transactions/purge' : '/api/transactions/insert'));
      await new Promise((r) => setTimeout(r, 20));
      if (i >= 60) break;
    }
    const imported = await importing;
    expect(imported.statusCode, imported.body.slice(0, 300)).toBe(200);
    expect(failures(calls)).toEqual([]);
    const counts = await waitingCounts();
    expect(counts.kept).toBe(counts.counted);
  });
});
