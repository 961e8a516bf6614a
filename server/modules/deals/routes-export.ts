/**
 * « Exporter CSV » routes of the deals module (contract/list-export.ts): `GET /api/transactions/export.csv`,
 * the deals list in its search and sort.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/fields';
import { csvDownload, listExportQuery } from '../../../contract/list-export';
import type { AppContext } from '../../context';
import { exportFilename, exportFilter } from '../../http/list-export';
import { sendCsv } from '../../lib/csv/write';
import { exportDeals } from './list';

/** Registers the export routes on the `/api/transactions` instance. */
export async function dealExportRoutes(ctx: AppContext, app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/export.csv',
    { schema: { tags: ['Transactions'], querystring: listExportQuery, response: { 200: csvDownload, ...errorResponses(401, 422) } } },
    async (req, reply) => sendCsv(req, reply, exportFilename('transactions'), await exportDeals(ctx.db, exportFilter(req.query))),
  );
}
