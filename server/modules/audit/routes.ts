/**
 * Routes of the « Journal d’audit » (docs/audit.md): `POST /api/audit/filter?page=n&<filters>` (the shared
 * list body: page size and sort) and its « Exporter CSV », `GET /api/audit/export.csv?column=&direction=&<filters>`.
 * The filters (contract/audit.ts): `admin_id`, `resource`, `resource_id`, `action`, `from`, `to` (YYYY-MM-DD, Paris).
 * Every signed-in administrator may read it (SPEC section 6: one administrator role). Also declares the daily purge.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditExportQuery, auditListQuery, auditPage } from '../../../contract/audit';
import { errorResponses } from '../../../contract/fields';
import { csvDownload } from '../../../contract/list-export';
import { filterBody } from '../../../contract/listing';
import type { AppContext } from '../../context';
import { exportFilename, exportFilter } from '../../http/list-export';
import { sendCsv } from '../../lib/csv/write';
import { scheduleAuditPurge } from './retention';
import { exportAudit, filterAudit } from './service';

const tags = ['Journal d’audit'];

/** Registers `/api/audit/*`. */
export function auditRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    scheduleAuditPurge(ctx);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post(
      '/filter',
      { schema: { tags, querystring: auditListQuery, body: filterBody, response: { 200: auditPage, ...errorResponses(401, 419, 422) } } },
      async (req) => {
        const { page, ...filters } = req.query;
        return filterAudit(ctx.db, req.body, page, filters);
      },
    );
    r.get(
      '/export.csv',
      { schema: { tags, querystring: auditExportQuery, response: { 200: csvDownload, ...errorResponses(401, 422) } } },
      async (req, reply) => {
        const { search: _search, column, direction, ...filters } = req.query;
        return sendCsv(req, reply, exportFilename('journal-audit'), exportAudit(ctx.db, exportFilter({ column, direction }), filters));
      },
    );
  };
}
