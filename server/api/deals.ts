/**
 * `GET /v1/deals?siren=&cursor=&limit=` and `GET /v1/deals/{id}`: the deals as the latest publication on
 * /transactions left them (`published_deals`, one snapshot per deal identifier: the deal with its entities, roles,
 * types and countries). A deal published, then withdrawn (deactivated, deleted) or taken back by a purge, is no longer
 * served. `{id}` is the deal identifier (or the deal's number). Listed by deal identifier; `siren` keeps the deals one
 * of whose entities has it (GIN index on the snapshot's entity SIRENs).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PublishedDealSnapshot } from '../../contract/deal-lists';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { sirenOf, type DbOf } from './caller';
import { pageFrom, type Page } from './pages';
import { ApiProblem, problemSchema } from '../http/problem';
import { deal, limitParam, pageOf, sirenParam } from './schemas';

type Deal = z.output<typeof deal>;
interface DealRow {
  deal_identifier: string;
  snapshot: PublishedDealSnapshot;
  batch_id: number;
  published_at: string;
}

const SELECT = sql`select deal_identifier, snapshot, batch_id,
  to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as published_at from published_deals`;

const toDeal = (r: DealRow): Deal => ({ ...r.snapshot, batch: r.batch_id, published_at: r.published_at });

/** A page of published deals by deal identifier, after `after` when given. */
export async function dealsPage(db: Db, opts: { siren?: string; after?: string; limit: number }): Promise<Page<Deal>> {
  const rows = await rowsOf<DealRow>(db, sql`${SELECT}
     where true
       ${opts.siren ? sql`and jsonb_path_query_array(snapshot, '$.entities[*].siren') @> ${JSON.stringify([opts.siren])}::jsonb` : sql``}
       ${opts.after !== undefined ? sql`and deal_identifier > ${opts.after}` : sql``}
     order by deal_identifier limit ${opts.limit + 1}`);
  return pageFrom(rows, opts.limit, (r) => r.deal_identifier, toDeal);
}

/** The published deal of identifier (or number) `id`. @throws ApiProblem not-found */
export async function dealOf(db: Db, id: string): Promise<Deal> {
  const byNumber = /^\d{1,15}$/.test(id) ? sql`or deal_id = ${Number(id)}` : sql``;
  const rows = await rowsOf<DealRow>(db, sql`${SELECT} where deal_identifier = ${id} ${byNumber} order by (deal_identifier = ${id}) desc limit 1`);
  if (!rows.length) throw new ApiProblem('not-found', `Aucune transaction publiée sous l’identifiant ${id}.`);
  return toDeal(rows[0]);
}

/** Registers `GET /v1/deals` and `GET /v1/deals/:id`. */
export function dealsRoutes(app: FastifyInstance, dbOf: DbOf): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/deals', {
    schema: {
      summary: 'Les transactions de la dernière publication',
      tags: ['Transactions'],
      querystring: z.object({
        siren: sirenParam.optional(),
        cursor: z.string().max(64).optional().describe('Curseur `next_cursor` de la page précédente.'),
        limit: limitParam,
      }),
      response: { 200: pageOf(deal, 'ApiDealPage'), 400: problemSchema, 401: problemSchema, 503: problemSchema },
    },
  }, async (req) => {
    const q = req.query;
    return dealsPage(await dbOf(req), { siren: q.siren ? sirenOf(q.siren) : undefined, after: q.cursor || undefined, limit: q.limit });
  });
  r.get('/deals/:id', {
    schema: {
      summary: 'Une transaction publiée',
      tags: ['Transactions'],
      params: z.object({ id: z.string().min(1).max(64).describe('Identifiant de la transaction (deal_identifier) ou son numéro.') }),
      response: { 200: deal, 401: problemSchema, 404: problemSchema, 503: problemSchema },
    },
  }, async (req) => dealOf(await dbOf(req), req.params.id));
}
