/**
 * Routes of SPEC section 7 "Update log": `GET /api/messages/getdatas`, `POST /api/messages/filter?page=n`, and
 * its « Exporter CSV », `GET /api/messages/export.csv?search=&column=&direction=`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/fields';
import { filterBody, pageQuery } from '../../../contract/listing';
import { logPage, logStats } from '../../../contract/update-log';
import type { AppContext } from '../../context';
import { csvDownload, listExportQuery } from '../../../contract/list-export';
import { exportFilename, exportFilter } from '../../http/list-export';
import { sendCsv } from '../../lib/csv/write';
import { exportLog, filterLog, logStatistics } from './service';

const tags = ['Journal des mises à jour'];

/** Registers `/api/messages/*`. */
export function updateLogRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/getdatas', { schema: { tags, response: { 200: logStats, ...errorResponses(401) } } }, async () => logStatistics(ctx.db));
    r.post(
      '/filter',
      { schema: { tags, querystring: pageQuery, body: filterBody, response: { 200: logPage, ...errorResponses(401, 419, 422) } } },
      async (req) => filterLog(ctx.db, req.body, req.query.page),
    );
    r.get(
      '/export.csv',
      { schema: { tags, querystring: listExportQuery, response: { 200: csvDownload, ...errorResponses(401, 422) } } },
      async (req, reply) => sendCsv(req, reply, exportFilename('journal-mises-a-jour'), await exportLog(ctx.db, exportFilter(req.query))),
    );
  };
}
