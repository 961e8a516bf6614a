/**
 * `GET /v1/announcements?siren=&cursor=&limit=`: the BODACC transaction rows (sales and transfers read from the
 * notices, `bodacc_transactions`), latest first, each with the link of the notice it was read from (`url`, the
 * notice's page on bodacc.fr) and its reference (`source`). Rows an administrator deleted are not served. `siren`
 * keeps the rows about that company (b1).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { sirenOf, type DbOf } from './caller';
import { idCursor, pageFrom, type Page } from './pages';
import { problemSchema } from '../http/problem';
import { cursorParam, limitParam, pageOf, sirenParam, transaction } from './schemas';

type Transaction = z.output<typeof transaction>;
type Row = Record<string, string | null> & { id: number | string; seller_sirens: string[] | null };

const toTransaction = (r: Row): Transaction => ({
  id: Number(r.id),
  siren: r.siren,
  company_name: r.company_name,
  role: r.role,
  transaction_number: r.transaction_number,
  announced_on: r.announced_on,
  deal_type1: r.deal_type1,
  deal_type2: r.deal_type2,
  amount: r.amount,
  currency: r.currency,
  stake: r.stake,
  target: { name: r.target_name, siren: r.target_siren, country: r.target_country, naf: r.target_naf },
  acquirer: { name: r.acquirer_name, siren: r.acquirer_siren, country: r.acquirer_country, naf: r.acquirer_naf },
  seller: { name: r.seller_name, sirens: r.seller_sirens ?? [], country: r.seller_country, naf: r.seller_naf },
  adviser: { name: r.adviser_name, siren: r.adviser_siren, country: r.adviser_country },
  description: r.description,
  description_complement: r.description_complement,
  url: r.url,
  source: r.source,
});

/** A page of transaction rows by id descending, before the id `before` when given. */
export async function announcementsPage(db: Db, opts: { siren?: string; before?: number; limit: number }): Promise<Page<Transaction>> {
  const rows = await rowsOf<Row>(db, sql`
    select id, siren, company_name, role, transaction_number, announced_on::text as announced_on, deal_type1, deal_type2,
           amount::text as amount, currency, stake::text as stake, target_name, target_siren, target_country, target_naf,
           acquirer_name, acquirer_siren, acquirer_country, acquirer_naf, seller_name, seller_sirens, seller_country, seller_naf,
           adviser_name, adviser_siren, adviser_country, description, description_complement, url, source
      from bodacc_transactions
     where deleted_at is null
       ${opts.siren ? sql`and siren = ${opts.siren}` : sql``}
       ${opts.before !== undefined ? sql`and id < ${opts.before}` : sql``}
     order by id desc limit ${opts.limit + 1}`);
  return pageFrom(rows, opts.limit, (r) => String(r.id), toTransaction);
}

/** Registers `GET /v1/announcements`. */
export function announcementsRoutes(app: FastifyInstance, dbOf: DbOf): void {
  app.withTypeProvider<ZodTypeProvider>().get('/announcements', {
    schema: {
      summary: 'Les transactions lues dans les annonces BODACC, avec le lien de chaque annonce',
      tags: ['Annonces BODACC'],
      querystring: z.object({ siren: sirenParam.optional(), cursor: cursorParam, limit: limitParam }),
      response: { 200: pageOf(transaction, 'ApiTransactionPage'), 400: problemSchema, 401: problemSchema, 503: problemSchema },
    },
  }, async (req) => {
    const q = req.query;
    return announcementsPage(await dbOf(req), { siren: q.siren ? sirenOf(q.siren) : undefined, before: idCursor(q.cursor), limit: q.limit });
  });
}
