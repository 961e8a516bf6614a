/**
 * Rewriting stored BODACC transaction rows from their stored notices (server/modules/feeds/bodacc/rebuild.ts,
 * `npm run feed:bodacc:rows`), on the real sales bulletin BODACC A n°20210005: rows written the old way (a
 * valuation called a price, the first seller only, France and NO inferred) are rewritten exactly as a fresh
 * import writes them; a row an administrator deleted stays deleted; a second run changes nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNotices } from '../../server/modules/feeds/bodacc/read';
import { rebuildSaleRows, storedNotice } from '../../server/modules/feeds/bodacc/rebuild';
import { FEED_BODACC } from '../../server/modules/feeds/kinds';
import { createTestApp, type TestApp } from '../helpers/app';
import { runFeedFile } from '../helpers/feed-job';
import { rowsOf } from '../../server/db/rows';

const SALES = path.join(__dirname, '../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml');
const ODS_V1 = path.join(__dirname, '../fixtures/bodacc/ods_api_v1_search_registre_880878145.json');

let t: TestApp;
const rows = <T>(q: ReturnType<typeof sql>) => rowsOf<T>(t.ctx.db, q);
/** Every transaction row, without its id and timestamps, by notice number. */
const snapshot = () =>
  rows<Record<string, unknown>>(sql`select a.notice_number, t.* from bodacc_transactions t join announcements a on a.id = t.announcement_id order by a.notice_number`).then((all) =>
    all.map(({ id: _id, created_at: _c, ...r }) => r),
  );

beforeAll(async () => {
  t = await createTestApp();
  expect((await runFeedFile(t.ctx, FEED_BODACC, SALES)).state).toBe('done');
});
afterAll(async () => t?.close());

describe('rebuildSaleRows', () => {
  it('reads a stored notice back into the notice it was read as (XML, Opendatasoft v1)', async () => {
    const [stored] = await rows<{ bulletin: string; issue: string; issue_date: string; raw: unknown }>(
      sql`select bulletin, issue, issue_date::text as issue_date, raw from announcements where notice_number = 515`,
    );
    const read = [];
    for await (const r of readNotices(Readable.from([fs.readFileSync(SALES)]))) read.push(r.notice);
    expect(storedNotice(stored)).toEqual(read.find((n) => n.noticeNumber === 515));
    const ods = [];
    for await (const r of readNotices(Readable.from([fs.readFileSync(ODS_V1)]))) ods.push(r.notice);
    expect(storedNotice({ bulletin: ods[0].bulletin, issue: ods[0].issue, issue_date: ods[0].issueDate, raw: ods[0].raw })).toEqual(ods[0]);
  });

  it('rewrites rows written the old way exactly as a fresh import writes them, and leaves a deleted row deleted', async () => {
    const fresh = await snapshot();
    expect(fresh).toHaveLength(29);
    // The old importer's rows: an inferred country and investment direction, the first seller only, the category as type.
    await t.ctx.db.execute(sql`update bodacc_transactions set seller_country = 'France', french_investment_abroad = 2, foreign_investment_in_france = 2,
      buyer_iso1 = 'FR', deal_type1 = deal_type2, deal_type2 = null, description_complement = null, target_country = null`);
    await t.ctx.db.execute(sql`update bodacc_transactions t set seller_name = 'Jean Léon Elie ROQUES' from announcements a where a.id = t.announcement_id and a.notice_number = 515`);
    await t.ctx.db.execute(sql`delete from bodacc_transactions t using announcements a where a.id = t.announcement_id and a.notice_number = 9`);
    const done = await rebuildSaleRows(t.ctx.db);
    expect(done).toEqual({ rows: 28, changed: 28, skipped: 0 });
    expect(await snapshot()).toEqual(fresh.filter((r) => r.notice_number !== 9));
    expect(await rebuildSaleRows(t.ctx.db)).toEqual({ rows: 28, changed: 0, skipped: 0 });
  });
});
