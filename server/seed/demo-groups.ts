/**
 * Demo groups of SIRENs (`npm run seed:demo`), made only of companies the demo's samples hold, so that every line
 * of a group is answered by the register or by a stored BODACC notice (CONVENTIONS.md section 7 "Data truth"):
 * - `VIP`: the buyers of the eight largest sales of the BODACC samples (by the amount their notice states);
 * - `Favoris`: the companies of the first five notices of the BODACC samples that are not sales (creations);
 * - `Acquéreurs — BODACC A n°20210005 du 08/01/2021`: the buyer of every sale of that issue (one group per issue);
 * - `Location et location-bail (NAF 77)`: every company of the INSEE sample in that NAF rév. 2 division.
 * `VIP` and `Favoris` are the groups the update log's quick searches filter on (server/modules/update-log/search.ts):
 * their companies have log entries (those the BODACC import wrote). The other groups' names state what their
 * SIRENs share, as their source states it. A group is the operator's choice and says nothing else about its
 * companies. Idempotent: a group whose name exists (case ignored) is left as it is; a group without any SIREN is
 * not created.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { groups } from '../db/schema';
import { issueLabel, type Notice } from '../modules/feeds/bodacc/notice';
import { saleRow } from '../modules/feeds/bodacc/sale';
import { addSirens, createGroup } from '../modules/groups/service';
import { dealNotices } from './demo-deals';
import { rowsOf } from '../db/rows';

/** How many buyers `VIP` holds, and companies `Favoris`. */
const VIP_SIZE = 8;
const FAVORIS_SIZE = 5;
/** The NAF rév. 2 division of the leasing group, and its label in the nomenclature. */
const LEASING_DIVISION = '77';
export const LEASING_GROUP = 'Location et location-bail (NAF 77)';

/** The demo groups `[name, SIRENs]` from the sale notices and the register (see the module comment). */
export async function demoGroups(db: Db, notices: Notice[]): Promise<Array<[string, string[]]>> {
  const sales = dealNotices(notices)
    .filter((n) => n.sale.buyer.siren !== null)
    .map((n) => ({ notice: n, siren: n.sale.buyer.siren!, amount: Number(saleRow(n, n.sale).amount ?? 0) }));
  const distinct = (sirens: string[]) => [...new Set(sirens)];
  const largest = [...sales].sort((a, b) => b.amount - a.amount || a.notice.noticeNumber - b.notice.noticeNumber);
  const leasing = await rowsOf<{ siren: string }>(db, sql`
    select siren from companies where naf_nomenclature = 'NAFRev2' and naf_code like ${LEASING_DIVISION + '.%'} order by siren`);
  const byIssue = new Map<string, string[]>();
  for (const s of sales) {
    const name = `Acquéreurs — ${issueLabel(s.notice)}`;
    byIssue.set(name, [...(byIssue.get(name) ?? []), s.siren]);
  }
  return [
    ['VIP', distinct(largest.map((s) => s.siren)).slice(0, VIP_SIZE)],
    ['Favoris', distinct(notices.filter((n) => !n.sale && n.sirens.length > 0).map((n) => n.sirens[0])).slice(0, FAVORIS_SIZE)],
    ...[...byIssue].map(([name, sirens]): [string, string[]] => [name, distinct(sirens)]),
    [LEASING_GROUP, leasing.map((r) => r.siren)],
  ];
}

/** Seeds the demo groups; returns how many were created. */
export async function seedDemoGroups(db: Db, notices: Notice[]): Promise<number> {
  const names = new Set((await db.select({ name: groups.name }).from(groups)).map((g) => g.name.toLowerCase()));
  let created = 0;
  for (const [name, sirens] of await demoGroups(db, notices)) {
    if (names.has(name.toLowerCase()) || sirens.length === 0) continue;
    const group = await createGroup(db, { name, status: 1 });
    await addSirens(db, group.id, sirens);
    created += 1;
  }
  return created;
}
