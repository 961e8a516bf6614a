/**
 * Which stored establishment is a SIREN's head office (INSEE `nicSiegeUniteLegale` and
 * `etablissementSiege`), as SQL fragments shared by the company lookup (companies.ts) and the lists that show a
 * company (a group's SIRENs). In order: the establishment whose NIC the company names (`companies.head_office_nic`),
 * else one flagged head office by the establishments file, an active one before a closed one (files of several
 * dates may leave an earlier head office flagged), the most recently processed by INSEE first.
 * A closed head office (`establishments.state` F, INSEE `etatAdministratifEtablissement` F) is still the head
 * office: the screens mark it « Siège fermé ».
 */
import { sql, type SQL } from 'drizzle-orm';

/** The state of a closed establishment (INSEE `etatAdministratifEtablissement`). */
export const CLOSED_ESTABLISHMENT = 'F';

/**
 * Whether establishment `e` (a table alias) may be the head office: its SIRET is `namedSiret` (the SIREN followed by
 * the NIC the company names; null when no company row names one), or the file flags it head office.
 */
export function headOfficeCandidate(e: string, namedSiret: SQL): SQL {
  const t = sql.raw(e);
  return sql`(${t}.siret = ${namedSiret} or ${t}.head_office)`;
}

/** ORDER BY keys that put the head office of a SIREN first among its establishments `e` (see the module's rule). */
export function headOfficeFirst(e: string, namedSiret: SQL): SQL {
  const t = sql.raw(e);
  return sql`(${t}.siret = ${namedSiret}) desc nulls last, ${t}.head_office desc, (${t}.state = ${CLOSED_ESTABLISHMENT}) asc, ${t}.insee_processed_at desc nulls last, ${t}.siret desc`;
}

/**
 * Whether a stored BODACC notice names SIREN `siren`: as a registered person (`announcements.sirens`) or as the
 * seller of a sale (`bodacc_transactions.seller_sirens`, a deleted transaction row left out), each through its GIN index.
 */
export function namedByBodacc(siren: SQL): SQL {
  return sql`(exists (select 1 from announcements b where b.sirens @> array[${siren}]::bpchar[])
          or exists (select 1 from bodacc_transactions b where b.seller_sirens @> array[${siren}]::bpchar[] and b.deleted_at is null))`;
}

/**
 * The name the latest stored BODACC notice gives SIREN `siren` as its registered person (its first `personne`,
 * whose name the notice row keeps in `company_name`), or null. For a list of a page's rows (GIN index on `sirens`).
 */
export function bodaccNameColumn(siren: SQL): SQL {
  return sql`(select b.company_name from announcements b where b.sirens @> array[${siren}]::bpchar[] and b.sirens[1] = ${siren}
               order by b.issue_date desc, b.id desc limit 1)`;
}

/**
 * SELECT-list columns for a list row about SIREN `siren` whose company row is the alias `c` (left-joined, so
 * possibly null): `known_from` (`companies`, `establishments` when only establishments name it, `bodacc` when only
 * a stored BODACC notice names it, null when none does; contract/feeds.ts COMPANY_KNOWN_FROM) and
 * `head_office_closed` (its head office is stored and closed). Scalar sub-selects on `establishments_siren_idx` and
 * the BODACC GIN indexes, computed for the rows of the page only.
 */
export function registerStatusColumns(siren: SQL, c: string): SQL {
  const company = sql.raw(c);
  const namedSiret = sql`${company}.siren || ${company}.head_office_nic`;
  return sql`case when ${company}.siren is not null then 'companies'
              when exists (select 1 from establishments x where x.siren = ${siren}) then 'establishments'
              when ${namedByBodacc(siren)} then 'bodacc' end as known_from,
         coalesce((select h.state = ${CLOSED_ESTABLISHMENT} from establishments h
                    where h.siren = ${siren} and ${headOfficeCandidate('h', namedSiret)}
                    order by ${headOfficeFirst('h', namedSiret)} limit 1), false) as head_office_closed`;
}
