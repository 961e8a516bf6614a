/**
 * The company lookup (issue 9 section 1 "The rest of the app uses it"): `GET /api/companies/{siren}` answers
 * the register's company (name, state, NAF, legal form, creation date) with its head-office address, read
 * from `companies` and `establishments` (server/db/schema/register.ts) in one statement.
 */
import { sql } from 'drizzle-orm';
import type { CompanyResponse } from '../../../contract/feeds';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';

/** 404 message of a valid SIREN the register does not know. */
export const UNKNOWN_COMPANY = 'Entreprise inconnue au répertoire.';

interface CompanyRow {
  siren: string;
  name: string;
  sigle: string | null;
  state: string;
  legal_form: string | null;
  naf_code: string | null;
  naf_nomenclature: string | null;
  created_on: string | null;
  siret: string | null;
  address_line1: string | null;
  address_line2: string | null;
  postcode: string | null;
  commune_code: string | null;
  commune_name: string | null;
}

/**
 * The company of a (normalised, valid) SIREN. The head office is the establishment `siren + head_office_nic`,
 * else the one flagged head office; null when the register holds neither.
 * @throws AppError 404 UNKNOWN_COMPANY
 */
export async function findCompany(db: Db, siren: string): Promise<CompanyResponse> {
  const res = (await db.execute(sql`
    select c.siren, c.name, c.sigle, c.state, c.legal_form, c.naf_code, c.naf_nomenclature, c.created_on::text as created_on,
           h.siret, h.address_line1, h.address_line2, h.postcode, h.commune_code, h.commune_name
      from companies c
      left join lateral (
        select e.siret, e.address_line1, e.address_line2, e.postcode, e.commune_code, e.commune_name
          from establishments e
         where e.siren = c.siren and (e.siret = c.siren || c.head_office_nic or e.head_office)
         order by (e.siret = c.siren || c.head_office_nic) desc nulls last
         limit 1) h on true
     where c.siren = ${siren}`)) as unknown as { rows: CompanyRow[] };
  const row = res.rows[0];
  if (!row) throw notFound(UNKNOWN_COMPANY);
  return {
    siren: row.siren,
    name: row.name,
    sigle: row.sigle,
    state: row.state,
    legal_form: row.legal_form,
    naf_code: row.naf_code,
    naf_nomenclature: row.naf_nomenclature,
    created_on: row.created_on,
    head_office: row.siret
      ? {
          siret: row.siret,
          address_line1: row.address_line1,
          address_line2: row.address_line2,
          postcode: row.postcode,
          commune_code: row.commune_code,
          commune_name: row.commune_name,
        }
      : null,
  };
}
