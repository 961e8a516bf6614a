/**
 * The company lookup (CONVENTIONS.md section 7 "Data truth"):
 * `GET /api/companies/{siren}` answers what the register knows of a SIREN, read from `companies` and
 * `establishments` (server/db/schema/register.ts):
 * - the company (INSEE StockUniteLegale: name, state, legal form, NAF, creation date) when `companies` holds it,
 *   else its fields are null and `known_from` is `establishments` (only the INSEE establishments file names it);
 * - its head office (head-office.ts: the NIC the company names, else the one flagged head office), closed or not;
 * - its establishments, head office first, then the active ones, by SIRET (COMPANY_ESTABLISHMENTS_MAX at most,
 *   `establishments_total` counts them all);
 * - the labels of the official nomenclatures (`legal_category_labels`, and `naf_labels` for NAFRev2 codes only;
 *   ./nomenclatures.ts), null when the code has none.
 * - a SIREN that neither table holds but another source mentions (`MentionReader`: the feeds' stored BODACC notices
 *   naming it as a buyer, a seller of a sale, a company registering) is answered with the name that source gives
 *   it and the notice itself (`known_from` `bodacc`): what vigie knows of it, and from where.
 * A SIREN that none of them knows is a 404.
 */
import { sql } from 'drizzle-orm';
import { COMPANY_ESTABLISHMENTS_MAX, type CompanyEstablishment, type CompanyResponse } from '../../../contract/feeds';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { rowsOf } from '../../db/rows';
import { CLOSED_ESTABLISHMENT, headOfficeCandidate, headOfficeFirst } from './head-office';
import { NAF_REV2 } from './nomenclatures';

/** 404 message of a valid SIREN the register does not know. */
export const UNKNOWN_COMPANY = 'Entreprise inconnue au répertoire.';

/** What a source other than the INSEE tables says of a SIREN: the name it gives it (null when none), and where. */
export interface CompanyMention {
  name: string | null;
  /** The notice naming it: its source label (`BODACC A n°20210005 du 08/01/2021, avis n°1`) and its page. */
  notice: { label: string; url: string };
}

/**
 * Reads what another source says of a (normalised) SIREN, null when it names none: the feeds give theirs
 * (server/modules/feeds/bodacc/mention.ts), so that the register imports nothing of the feeds.
 */
export type MentionReader = (db: Db, siren: string) => Promise<CompanyMention | null>;

interface CompanyRow {
  name: string | null;
  sigle: string | null;
  state: string | null;
  legal_form: string | null;
  legal_form_label: string | null;
  naf_code: string | null;
  naf_nomenclature: string | null;
  naf_label: string | null;
  created_on: string | null;
  known: boolean;
  head_office_siret: string | null;
  establishments_total: number | string;
}

type EstablishmentRow = Omit<CompanyEstablishment, 'closed'>;

/**
 * What the register knows of a (normalised, valid) SIREN: two statements (the company with its head office's SIRET
 * and its establishments' count, then the page of establishments); for a SIREN neither table holds, what
 * `mentionOf` says of it.
 * @throws AppError 404 UNKNOWN_COMPANY when neither `companies` nor `establishments` knows it, nor `mentionOf`
 */
export async function findCompany(db: Db, siren: string, mentionOf: MentionReader): Promise<CompanyResponse> {
  const namedSiret = sql`c.siren || c.head_office_nic`;
  const [row] = await rowsOf<CompanyRow>(db, sql`
    select c.name, c.sigle, c.state, c.legal_form, lc.label as legal_form_label,
           c.naf_code, c.naf_nomenclature, nl.label as naf_label, c.created_on::text as created_on,
           c.siren is not null as known, h.siret as head_office_siret, n.total as establishments_total
      from (select ${siren}::char(9) as siren) s
      left join companies c on c.siren = s.siren
      left join legal_category_labels lc on lc.code = c.legal_form
      left join naf_labels nl on c.naf_nomenclature = ${NAF_REV2} and nl.code = c.naf_code
      left join lateral (
        select e.siret from establishments e
         where e.siren = s.siren and ${headOfficeCandidate('e', namedSiret)}
         order by ${headOfficeFirst('e', namedSiret)}
         limit 1) h on true
      cross join lateral (select count(*) as total from establishments e where e.siren = s.siren) n`);
  const total = Number(row.establishments_total);
  if (!row.known && total === 0) {
    const mention = await mentionOf(db, siren);
    if (!mention) throw notFound(UNKNOWN_COMPANY);
    return mentionedCompany(siren, mention);
  }
  const establishments = total === 0 ? [] : await listEstablishments(db, siren, row.head_office_siret);
  return {
    siren,
    known_from: row.known ? 'companies' : 'establishments',
    name: row.name,
    sigle: row.sigle,
    state: row.state,
    legal_form: row.legal_form,
    legal_form_label: row.legal_form_label,
    naf_code: row.naf_code,
    naf_nomenclature: row.naf_nomenclature,
    naf_label: row.naf_label,
    created_on: row.created_on,
    head_office: establishments.find((e) => e.siret === row.head_office_siret) ?? null,
    establishments,
    establishments_total: total,
    notice: null,
  };
}

/** The answer for a SIREN only `mention` names: its name and notice, every register field null. */
function mentionedCompany(siren: string, mention: CompanyMention): CompanyResponse {
  return {
    siren,
    known_from: 'bodacc',
    name: mention.name,
    sigle: null,
    state: null,
    legal_form: null,
    legal_form_label: null,
    naf_code: null,
    naf_nomenclature: null,
    naf_label: null,
    created_on: null,
    head_office: null,
    establishments: [],
    establishments_total: 0,
    notice: mention.notice,
  };
}

/** The first COMPANY_ESTABLISHMENTS_MAX establishments of `siren`: its head office first, then the active ones, by SIRET. */
async function listEstablishments(db: Db, siren: string, headOfficeSiret: string | null): Promise<CompanyEstablishment[]> {
  const res = await rowsOf<EstablishmentRow>(db, sql`
    select e.siret, e.state, e.head_office, e.name, e.naf_code, e.naf_nomenclature, nl.label as naf_label,
           e.address_line1, e.address_line2, e.postcode, e.commune_code, e.commune_name, e.created_on::text as created_on
      from establishments e
      left join naf_labels nl on e.naf_nomenclature = ${NAF_REV2} and nl.code = e.naf_code
     where e.siren = ${siren}
     order by (e.siret = ${headOfficeSiret}) desc nulls last, (e.state = ${CLOSED_ESTABLISHMENT}) asc, e.siret
     limit ${COMPANY_ESTABLISHMENTS_MAX}`);
  return res.map((e) => ({ ...e, closed: e.state === CLOSED_ESTABLISHMENT }));
}
