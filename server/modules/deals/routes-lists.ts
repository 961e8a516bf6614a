/**
 * Routes of the deals lists (SPEC section 7 "Transactions"), under `/api/transactions`:
 * `filter` (deals list, list.ts), `stats` (stats.ts), `insert` and `purge` (publication.ts), `filterbodacc` and
 * `removebodacc`, with `filterdeletedbodacc` and `restorebodacc` for the rows deleted (bodacc-rows.ts). Shapes: contract/deal-lists.ts. `insert` and `purge` are GET calls as the spec
 * has them; like every `/api` call they need `X-Requested-With`, which a cross-site page cannot send without a
 * CORS preflight, which fails. `insert` and `purge` declare their audit entry (`deals`, `publish` / `publish_undo`, the
 * batch's number), `removebodacc` and `restorebodacc` theirs (`bodacc_transactions`, the row's id); each is written
 * in its write's transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bodaccPage, dealListPage, dealStats, deletedBodaccPage, publicationCount, removeBodaccBody } from '../../../contract/deal-lists';
import { errorResponses, messageBody } from '../../../contract/fields';
import { filterBody, pageQuery } from '../../../contract/listing';
import type { AppContext } from '../../context';
import { bodyId } from '../../http/audit';
import { DONE_MESSAGE } from '../../http/status-routes';
import { filterBodaccRows, filterDeletedBodaccRows, removeBodaccRow, restoreBodaccRow } from './bodacc-rows';
import { filterDeals } from './list';
import { publishDeals, purgeLastBatch } from './publication';
import { dealStats as readStats } from './stats';

const tags = ['Transactions'];

/** Registers this part's routes on `app` (under `/api/transactions`). */
export async function dealListRoutes(ctx: AppContext, app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.post('/filter', { schema: { tags, querystring: pageQuery, body: filterBody, response: { 200: dealListPage, ...errorResponses(401, 419, 422) } } }, async (req) =>
    filterDeals(db, req.body, req.query.page),
  );
  r.get('/stats', { schema: { tags, response: { 200: dealStats, ...errorResponses(401) } } }, async () => readStats(db));
  r.get('/insert', { config: { audit: { resource: 'deals', action: 'publish' } }, schema: { tags, response: { 200: publicationCount, ...errorResponses(401) } } }, async (req) => publishDeals(db, req.admin?.id ?? null));
  r.get('/purge', { config: { audit: { resource: 'deals', action: 'publish_undo' } }, schema: { tags, response: { 200: publicationCount, ...errorResponses(401) } } }, async () => purgeLastBatch(db));

  r.post('/filterbodacc', { schema: { tags, querystring: pageQuery, body: filterBody, response: { 200: bodaccPage, ...errorResponses(401, 419, 422) } } }, async (req) =>
    filterBodaccRows(db, req.body, req.query.page),
  );
  r.post('/removebodacc', { config: { audit: { resource: 'bodacc_transactions', action: 'delete', id: bodyId } }, schema: { tags, body: removeBodaccBody, response: { 200: messageBody, ...errorResponses(401, 404, 419, 422) } } }, async (req) => {
    await removeBodaccRow(db, req.body.id, req.admin?.id ?? null);
    return { message: DONE_MESSAGE };
  });
  r.post(
    '/filterdeletedbodacc',
    { schema: { tags, querystring: pageQuery, body: filterBody, response: { 200: deletedBodaccPage, ...errorResponses(401, 419, 422) } } },
    async (req) => filterDeletedBodaccRows(db, req.body, req.query.page),
  );
  r.post('/restorebodacc', { config: { audit: { resource: 'bodacc_transactions', action: 'restore', id: bodyId } }, schema: { tags, body: removeBodaccBody, response: { 200: messageBody, ...errorResponses(401, 404, 419, 422) } } }, async (req) => {
    await restoreBodaccRow(db, req.body.id);
    return { message: DONE_MESSAGE };
  });
}
