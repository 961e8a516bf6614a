/**
 * `GET /v1/companies/{siren}`: what vigie knows of a company, in one answer:
 * - the register record and its establishments (INSEE Sirene, the back-office's company lookup:
 *   server/modules/register `findCompany`), the head office among them, or what the stored BODACC notices say of a
 *   SIREN only they name;
 * - the officers and the filings (deeds, annual accounts) as last fetched from the RNE (INPI);
 * - the BODACC notices naming the SIREN, latest first, each with its page on bodacc.fr.
 * A SIRET is reduced to its SIREN; a SIREN nobody knows is a 404 problem.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { AppError } from '../lib/errors';
import { bodaccMention, noticeUrl } from '../modules/feeds';
import { findCompany } from '../modules/register';
import { sirenOf, type DbOf } from './caller';
import { ApiProblem, problemSchema } from '../http/problem';
import { company, sirenParam, type ApiCompany } from './schemas';

/** Announcements given with a company, at most. */
export const COMPANY_ANNOUNCEMENTS_MAX = 100;

/** Everything `GET /v1/companies/{siren}` answers for `siren` (normalised). @throws ApiProblem not-found */
export async function companyOf(db: Db, siren: string): Promise<ApiCompany> {
  const [record, officers, filings, notices] = await Promise.all([
    findCompany(db, siren, bodaccMention).catch((err: unknown) => {
      if (err instanceof AppError && err.statusCode === 404) throw new ApiProblem('not-found', `Aucune entreprise connue pour le siren ${siren}.`);
      throw err;
    }),
    rowsOf<ApiCompany['officers'][number]>(db, sql`
      select kind, role_code, role_label, last_name, first_names, usage_name, birth_month, company_siren, company_name,
             to_char(fetched_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as fetched_at
        from rne_officers where siren = ${siren} order by id`),
    rowsOf<ApiCompany['filings'][number]>(db, sql`
      select kind, id, filed_on::text as filed_on, closed_on::text as closed_on, type, label,
             to_char(fetched_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as fetched_at
        from rne_filings where siren = ${siren} order by filed_on desc nulls last, kind, id`),
    rowsOf<Omit<ApiCompany['announcements'][number], 'url'>>(db, sql`
      select bulletin, issue, issue_date::text as issue_date, notice_number, family, family_label, company_name, court
        from announcements where sirens @> array[${siren}]::bpchar[]
       order by issue_date desc, id desc limit ${COMPANY_ANNOUNCEMENTS_MAX}`),
  ]);
  return {
    ...record,
    officers,
    filings,
    announcements: notices.map((n) => ({ ...n, url: noticeUrl({ bulletin: n.bulletin as 'A' | 'B' | 'C', issue: n.issue, noticeNumber: n.notice_number }) })),
  };
}

/** Registers `GET /v1/companies/:siren`. */
export function companiesRoutes(app: FastifyInstance, dbOf: DbOf): void {
  app.withTypeProvider<ZodTypeProvider>().get('/companies/:siren', {
    schema: {
      summary: 'Une entreprise\u00a0: répertoire, siège, dirigeants, dépôts et annonces BODACC',
      tags: ['Entreprises'],
      params: z.object({ siren: sirenParam }),
      response: { 200: company, 400: problemSchema, 401: problemSchema, 404: problemSchema, 503: problemSchema },
    },
  }, async (req) => companyOf(await dbOf(req), sirenOf(req.params.siren)));
}
