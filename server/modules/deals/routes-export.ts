/**
 * « Exporter CSV » routes of the deals module (contract/list-export.ts): `GET /api/transactions/export.csv`,
 * the deals list in its search and sort; `GET /api/transactions/bodacc/export.csv` and
 * `GET /api/transactions/bodacc/deleted/export.csv`, the legal-announcement transaction rows and the deleted ones.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/fields';
import { csvDownload, listExportQuery } from '../../../contract/list-export';
import type { AppContext } from '../../context';
import { exportFilename, exportFilter } from '../../http/list-export';
import { sendCsv } from '../../lib/csv/write';
import { exportDeals } from './list';
import { BODACC_EXPORT_NAME, DELETED_BODACC_EXPORT_NAME, exportBodaccRows, exportDeletedBodaccRows } from './bodacc-export';

/** Registers the export routes on the `/api/transactions` instance. */
export async function dealExportRoutes(ctx: AppContext, app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['Transactions'], querystring: listExportQuery, response: { 200: csvDownload, ...errorResponses(401, 422) } };
  r.get('/export.csv', { schema }, async (req, reply) => sendCsv(req, reply, exportFilename('transactions'), await exportDeals(ctx.db, exportFilter(req.query))));
  r.get('/bodacc/export.csv', { schema }, async (req, reply) =>
    sendCsv(req, reply, exportFilename(BODACC_EXPORT_NAME), exportBodaccRows(ctx.db, exportFilter(req.query))),
  );
  r.get('/bodacc/deleted/export.csv', { schema }, async (req, reply) =>
    sendCsv(req, reply, exportFilename(DELETED_BODACC_EXPORT_NAME), exportDeletedBodaccRows(ctx.db, exportFilter(req.query))),
  );
}
