/**
 * Checks that a database states no invented fact about a real company (CONVENTIONS.md section 7 "Data truth"),
 * read from the tables, never from the lookup route. Used on the demo (test/api/seed-demo.test.ts); each check
 * answers the offending rows as short texts, so that a failure names what is wrong:
 * - `listedWithoutNotice`: a deal entity carrying the SIREN of a listed company
 *   (test/fixtures/samples/listed_french_companies_sirens.csv) that no stored announcement names;
 * - `dealsWithoutNotice`: a deal with a SIREN-bearing entity whose link and source are not those of a stored sale
 *   notice (`bodacc_transactions.url`, `source`) naming that SIREN (its buyer or one of its sellers);
 * - `amountsNotStated`: a deal whose amount or currency differs from what its notice states;
 * - `inventedTexts`: a text beside a SIREN (deal description, link or source; news and article title, link or
 *   source; update-log description or link) that reads like invented data: an example.com link, « démonstration »,
 *   « fictif », a `DEMO-` identifier;
 * - `newsWithoutNotice`: a pending news item or a published article whose link is not a stored notice naming its SIREN;
 * - `unknownSirens`: a SIREN shown (deal entities, group lines, news, articles, RNE queue entries, update-log
 *   entries) that neither the register (`companies`, `establishments`) nor a stored BODACC notice (its persons,
 *   the sellers of its sale) knows.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { NOTICE_URL } from '../../server/modules/feeds/bodacc/notice';
import { listedCompanies } from './sirens';
import { rowsOf } from '../../server/db/rows';

/** The offending rows of each check (empty arrays: the data states nothing invented). */
export interface TruthViolations {
  listedWithoutNotice: string[];
  dealsWithoutNotice: string[];
  amountsNotStated: string[];
  inventedTexts: string[];
  newsWithoutNotice: string[];
  unknownSirens: string[];
}

/** The SIRENs a stored BODACC notice names: its registered persons and the sellers of its sale. */
const NOTICE_SIRENS = sql`(select unnest(sirens)::text as siren from announcements union select unnest(seller_sirens)::text from bodacc_transactions)`;
/** What reads like invented data (case ignored). */
const INVENTED = sql`'(example\\.(com|org|net)|d[ée]monstration|fictif|fictive|\\mDEMO-)'`;

async function texts(db: Db, query: SQL): Promise<string[]> {
  return (await rowsOf<{ v: string }>(db, query)).map((r) => r.v);
}

/** Runs every check (see the module comment). */
export async function truthViolations(db: Db): Promise<TruthViolations> {
  const listed = sql.join(
    listedCompanies().map((c) => sql`${c.siren}`),
    sql`, `,
  );
  return {
    listedWithoutNotice: await texts(
      db,
      sql`select d.deal_identifier || ' ' || e.siren as v from deal_entities e join deals d on d.id = e.deal_id
           where e.siren::text in (${listed}) and e.siren::text not in ${NOTICE_SIRENS} order by 1`,
    ),
    dealsWithoutNotice: await texts(
      db,
      sql`select d.deal_identifier || ' ' || e.siren as v from deal_entities e join deals d on d.id = e.deal_id
           where e.siren is not null and not exists (
             select 1 from bodacc_transactions t
              where t.url = d.url and t.source = d.source and (e.siren::text = t.siren::text or e.siren::text = any(t.seller_sirens::text[])))
           order by 1`,
    ),
    amountsNotStated: await texts(
      db,
      sql`select d.deal_identifier || ' ' || coalesce(d.amount::text, '-') || ' ' || d.currency as v from deals d
           where exists (select 1 from deal_entities e where e.deal_id = d.id and e.siren is not null)
             and not exists (select 1 from bodacc_transactions t where t.url = d.url and t.amount is not distinct from d.amount
                               and (t.currency = d.currency or (t.amount is null and t.currency is null)))
           order by 1`,
    ),
    inventedTexts: await texts(
      db,
      sql`select v from (
            select d.deal_identifier || ': ' || concat_ws(' | ', d.deal_identifier, d.description, d.url, d.source) as v from deals d
             where exists (select 1 from deal_entities e where e.deal_id = d.id and e.siren is not null)
               and concat_ws(' | ', d.deal_identifier, d.description, d.url, d.source) ~* ${INVENTED}
            union all select n.siren || ': ' || concat_ws(' | ', n.title, n.url, n.source) from news n where concat_ws(' | ', n.title, n.url, n.source) ~* ${INVENTED}
            union all select a.siren || ': ' || concat_ws(' | ', a.title, a.url, a.source) from published_articles a where concat_ws(' | ', a.title, a.url, a.source) ~* ${INVENTED}
            union all select l.siren || ': ' || concat_ws(' | ', l.description, l.source_url) from update_log l where concat_ws(' | ', l.description, l.source_url) ~* ${INVENTED}
          ) x order by 1`,
    ),
    newsWithoutNotice: await texts(
      db,
      sql`select v from (
            select n.siren || ' ' || n.url as v, n.siren, n.url from news n union all select a.siren || ' ' || a.url, a.siren, a.url from published_articles a
          ) x
          where not exists (select 1 from announcements a
                             where x.siren = any(a.sirens::text[]) and ${NOTICE_URL}::text || a.bulletin || a.issue || a.notice_number = x.url)
          order by 1`,
    ),
    unknownSirens: await texts(
      db,
      sql`select distinct where_ || ' ' || siren as v from (
            select 'deal' as where_, siren::text as siren from deal_entities where siren is not null
            union all select 'group', siren::text from group_sirens
            union all select 'news', siren::text from news
            union all select 'article', siren::text from published_articles
            union all select 'rne_queue', siren::text from rne_queue
            union all select 'update_log', siren::text from update_log
          ) s
          where siren not in (select siren::text from companies) and siren not in (select siren::text from establishments)
            and siren not in ${NOTICE_SIRENS}
          order by 1`,
    ),
  };
}
