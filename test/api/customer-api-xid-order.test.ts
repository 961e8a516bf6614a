/**
 * `GET /v1/updates` across a change in the number of digits of the writing transactions' ids (…999 then 1000…): the
 * feed orders by the `xid8` column, not by its text (where '1000' sorts before '999'), so that walking the pages gives
 * every entry once, in the order of the transactions. The transaction counter is first brought close to the next power
 * of ten by subtransactions that each write a row of a temporary table (each takes a transaction id); the entries are
 * then written one transaction each, until one lands past it. On PGlite only: its counter starts below 1000 in each
 * fresh database, while a PostgreSQL cluster's is shared by all its databases and never goes back, so that each run
 * there would have ten times more ids to burn than the one before.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { appendLogEntries } from '../../server/modules/update-log/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { newCustomer, tokenOf, v1, waitForUpdatesFeed } from '../helpers/customer-api';

let t: TestApp;
let token: string;

async function currentXid(): Promise<bigint> {
  const [{ x }] = await rowsOf<{ x: string }>(t.ctx.db, sql`select pg_current_xact_id()::text as x`);
  return BigInt(x);
}

describe.runIf(process.env.VIGIE_TEST_DB !== 'pg')('GET /v1/updates across transaction ids of more digits', () => {
  beforeAll(async () => {
    t = await createTestApp();
    token = await tokenOf(t, await newCustomer(await t.superAdmin()));
  });
  afterAll(async () => t?.close());

  it('serves every entry once, in the order of the transactions', async () => {
    let now = await currentXid();
    let boundary = 10n ** BigInt(now.toString().length);
    // Start 40 below the boundary (the job queue may take ids meanwhile).
    if (boundary - now < 60n) boundary *= 10n;
    await t.ctx.db.execute(sql`create temporary table xid_burn (n int)`);
    await t.ctx.db.execute(sql.raw(`do $$ begin for i in 1..${boundary - now - 40n} loop
      begin insert into xid_burn values (i); exception when others then null; end; end loop; end $$`));
    now = await currentXid();
    expect(now).toBeLessThan(boundary);
    for (let i = 0; i < 100; i++) {
      await appendLogEntries(t.ctx.db, [{ code: 'MANUEL', siren: '552032534', description: `entrée ${i}` }]);
      const [{ x }] = await rowsOf<{ x: string }>(t.ctx.db, sql`select max(xid)::text as x from update_log`);
      if (BigInt(x) >= boundary) break;
    }
    const written = await rowsOf<{ id: number; xid: string }>(t.ctx.db, sql`select id::int as id, xid::text as xid from update_log order by update_log.xid, update_log.id`);
    expect(written.some((r) => r.xid.length < boundary.toString().length), 'entries below the boundary').toBe(true);
    expect(written.some((r) => r.xid.length === boundary.toString().length), 'entries past the boundary').toBe(true);
    await waitForUpdatesFeed(t.ctx.db);

    const served: number[] = [];
    let cursor = '';
    for (let n = 0; n < 200; n++) {
      const res = await v1(t, token, `/v1/updates?limit=2&since=${cursor}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { data: Array<{ id: number }>; next_cursor: string; has_more: boolean };
      served.push(...page.data.map((e) => e.id));
      cursor = page.next_cursor;
      if (!page.has_more) break;
    }
    expect(served).toEqual(written.map((r) => r.id));
  });
});
