/**
 * « Exporter CSV » routes of the news lists (contract/list-export.ts): `GET /api/news/temporaries/export.csv`
 * (the import review; `?search=onlyerrors`: the rows in error) `GET /api/news/export.csv` (the pending news of /news) and
 * `GET /api/news/syncbatches/export.csv` (« Synchronisations »).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/fields';
import { csvDownload, listExportQuery } from '../../../contract/list-export';
import type { AppContext } from '../../context';
import { exportFilename, exportFilter } from '../../http/list-export';
import { sendCsv } from '../../lib/csv/write';
import { exportPendingNews, PENDING_EXPORT_NAME } from './pending-export';
import { exportSyncBatches, SYNC_BATCHES_EXPORT_NAME } from './sync-batches-export';
import { exportTemporaries, temporariesFilename } from './import-export';

const tags = ['News'];

/** Registers the export routes under `/api/news`. */
export function newsExportRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/temporaries/export.csv',
      { schema: { tags, querystring: listExportQuery, response: { 200: csvDownload, ...errorResponses(401, 422) } } },
      async (req, reply) => {
        const body = exportFilter(req.query);
        return sendCsv(req, reply, temporariesFilename(body), exportTemporaries(ctx.db, req.admin!.id, body));
      },
    );
    r.get(
      '/export.csv',
      { schema: { tags, querystring: listExportQuery, response: { 200: csvDownload, ...errorResponses(401, 422) } } },
      async (req, reply) => sendCsv(req, reply, exportFilename(PENDING_EXPORT_NAME), await exportPendingNews(ctx.db, exportFilter(req.query))),
    );
    r.get(
      '/syncbatches/export.csv',
      { schema: { tags, querystring: listExportQuery, response: { 200: csvDownload, ...errorResponses(401, 422) } } },
      async (req, reply) => sendCsv(req, reply, exportFilename(SYNC_BATCHES_EXPORT_NAME), exportSyncBatches(ctx.db, exportFilter(req.query))),
    );
  };
}
