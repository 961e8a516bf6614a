/**
 * The stable cursor of `GET /v1/updates` under concurrent writes (server/api/updates.ts), on PostgreSQL only (PGlite
 * has one connection: no transaction can stay open beside another). A long transaction on a second connection writes
 * update-log entries and stays open while a short one commits a later entry: the feed read from a cursor serves
 * nothing past the long transaction's start until it ends (else a reader would move its cursor past entries still to
 * commit), and after its commit serves every entry, none skipped, in the order of the transactions that wrote them.
 * Other databases of the test cluster can hold the feed back for a while too: what must appear is polled for.
 * The two writers write on different days and SIRENs: the log's rollups (migration 0003: one row per Paris day and per
 * SIREN, updated by each insert) would otherwise make the short writer wait for the long one's row locks.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { appendLogEntries } from '../../server/modules/update-log/service';
import { createTestApp, type TestApp } from '../helpers/app';
import { newCustomer, tokenOf, v1, waitForUpdatesFeed } from '../helpers/customer-api';

const LONG = `insert into update_log (code, siren, description, created_at) values ('MANUEL', '552032534', $1, '2026-01-01T12:00:00Z') returning id::int as id`;
/** An entry of the short writers: another day, another SIREN than the long writer's. */
const short = (description: string) => [{ code: 'MANUEL', siren: '542065479', description, createdAt: new Date('2026-01-02T12:00:00Z') }];

interface Page {
  data: Array<{ id: number; description: string }>;
  next_cursor: string;
  has_more: boolean;
}

describe.runIf(process.env.VIGIE_TEST_DB === 'pg')('GET /v1/updates while a long transaction writes', () => {
  let t: TestApp;
  let token: string;
  let other: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    token = await tokenOf(t, await newCustomer(await t.superAdmin()));
    other = new pg.Client({ connectionString: (t.ctx.database as { url?: string }).url });
    await other.connect();
  });
  afterEach(async () => {
    // A failed test must not leave the long writer open for the next.
    await other?.query('rollback');
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
  });

  async function read(since: string): Promise<Page> {
    const res = await v1(t, token, `/v1/updates?since=${since}&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  }

  it('serves nothing past an open writer, then every entry once it commits, in the order of the transactions', async () => {
    await appendLogEntries(t.ctx.db, short('avant'));
    await waitForUpdatesFeed(t.ctx.db);
    const start = await read('');
    expect(start.data.map((e) => e.description)).toEqual(['avant']);
    const cursor = start.next_cursor;

    // The long writer: its first entry, then a short writer's entry committed meanwhile, then its second entry.
    await other.query('begin');
    const long1 = (await other.query<{ id: number }>(LONG, ['longue 1'])).rows[0].id;
    await appendLogEntries(t.ctx.db, short('courte'));
    const long2 = (await other.query<{ id: number }>(LONG, ['longue 2'])).rows[0].id;
    // The short writer's entry is committed, and sits between the long writer's by id: a feed by id alone would
    // serve it now and, its cursor past `longue 1`, never serve that one.
    const committed = await rowsOf<{ description: string; id: number }>(t.ctx.db, sql`select description, id::int as id from update_log order by id`);
    expect(committed.map((r) => r.description)).toEqual(['avant', 'courte']);
    expect(long1).toBeLessThan(committed[1].id);
    expect(committed[1].id).toBeLessThan(long2);
    for (let i = 0; i < 5; i++) {
      const page = await read(cursor);
      expect(page.data, 'nothing past the open transaction').toEqual([]);
      expect(page.next_cursor).toBe(cursor);
      await new Promise((r) => setTimeout(r, 100));
    }

    await other.query('commit');
    await expect.poll(async () => (await read(cursor)).data.map((e) => e.description), { timeout: 20_000, interval: 200 }).toEqual(['longue 1', 'longue 2', 'courte']);
    const after = await read(cursor);
    expect(after.has_more).toBe(false);
    expect(await read(after.next_cursor)).toEqual({ data: [], next_cursor: after.next_cursor, has_more: false });
  });

  it('never serves behind a cursor read while a writer was open: a reader polling all along gets every entry once', async () => {
    await waitForUpdatesFeed(t.ctx.db);
    let cursor = (await read('')).next_cursor;
    const seen: string[] = [];
    const poll = async () => {
      const page = await read(cursor);
      seen.push(...page.data.map((e) => e.description));
      cursor = page.next_cursor;
    };
    await other.query('begin');
    await other.query(LONG, ['L']);
    for (let i = 0; i < 3; i++) {
      await appendLogEntries(t.ctx.db, short(`S${i}`));
      await poll();
    }
    await other.query('commit');
    await expect.poll(async () => {
      await poll();
      return seen;
    }, { timeout: 20_000, interval: 200 }).toEqual(['L', 'S0', 'S1', 'S2']);
  });
});
