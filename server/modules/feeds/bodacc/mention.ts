/**
 * What the stored BODACC notices say of a SIREN (CONVENTIONS.md section 7 "Data truth"): the latest notice naming
 * it, as a registered person (`announcements.sirens`) or as the seller of a sale whose transaction row is not
 * deleted (`bodacc_transactions.seller_sirens`), read back from the notice as stored (./rebuild.ts `storedNotice`)
 * for the name it gives that SIREN, with the notice's source label and its page on bodacc.fr. The company register's
 * lookup (server/modules/register/lookup.ts) answers it for a SIREN that neither INSEE table holds.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import type { CompanyMention } from '../../register';
import { sourceLabel, type Notice } from './notice';
import { storedNotice, type StoredNotice } from './rebuild';

/**
 * The latest stored notice naming `siren` (normalised), as a mention: the name it gives that SIREN (null when it
 * gives none) and the notice; null when no stored notice names it. One statement on the two GIN indexes.
 * @throws AppError 422 when the stored notice lacks its identity (it could not have been stored so)
 */
export async function bodaccMention(db: Db, siren: string): Promise<CompanyMention | null> {
  const res = await rowsOf<StoredNotice>(db, sql`
    select a.bulletin, a.issue, a.issue_date::text as issue_date, a.raw from announcements a
     where a.id = (select max(x.id) from (
             select b.id from announcements b where b.sirens @> array[${siren}]::bpchar[]
             union all
             select t.announcement_id from bodacc_transactions t where t.seller_sirens @> array[${siren}]::bpchar[] and t.deleted_at is null) x)`);
  if (!res.length) return null;
  const notice = storedNotice(res[0]);
  return { name: nameInNotice(notice, siren), notice: { label: sourceLabel(notice), url: notice.url } };
}

/** The name `notice` gives `siren`: its first registered person's, or a party's of its sale; null when none. */
function nameInNotice(notice: Notice, siren: string): string | null {
  if (notice.sirens[0] === siren && notice.companyName) return notice.companyName;
  const sale = notice.sale;
  const party = sale ? [sale.buyer, ...sale.sellers, ...sale.operators].find((p) => p.siren === siren) : undefined;
  return party?.name ?? null;
}
