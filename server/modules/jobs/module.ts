/**
 * `GET /api/jobs/{id}`: the state of a background job — queued / running / done /
 * failed, rows read, bytes read / total, error — for any signed-in administrator; and
 * `POST /api/jobs/{id}/cancel`: cancels a queued or running job (an import: Sirene, BODACC, news, deals), whichever
 * process runs it; it ends failed with « Import annulé par <admin>. Rien n’a été importé. » (server/jobs/cancel.ts),
 * recorded in the audit trail with the rows it had read (resource `jobs`, the job's id).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/fields';
import { jobParams, jobResponse } from '../../../contract/jobs';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { findJob, toJobResponse } from '../../jobs/store';
import { paramId } from '../../http/audit';
import type { ServerModule } from '../module';

function jobsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/:id',
      { schema: { tags: ['Traitements'], params: jobParams, response: { 200: jobResponse, ...errorResponses(401, 404) } } },
      async (req) => {
        const row = await findJob(ctx.db, req.params.id);
        if (!row) throw notFound('Ce traitement n’existe pas.');
        return toJobResponse(row);
      },
    );
    app.withTypeProvider<ZodTypeProvider>().post(
      '/:id/cancel',
      {
        config: { audit: { resource: 'jobs', action: 'cancel', id: paramId() } },
        schema: { tags: ['Traitements'], params: jobParams, response: { 200: jobResponse, ...errorResponses(401, 404, 419, 422) } },
      },
      // The entry names the import (kind, file) and the rows it had read when it was stopped.
      async (req) =>
        toJobResponse(
          await ctx.jobs.cancel(req.params.id, `${req.admin!.firstname} ${req.admin!.name}`.trim(), (row) => ({
            details: { kind: row.kind, filename: row.payload.filename ?? null, rows: Number(row.rowsRead) },
          })),
        ),
    );
  };
}

/** The jobs module, mounted at `/api/jobs`. */
export const jobsModule: ServerModule = { name: 'jobs', prefix: '/api/jobs', routes: jobsRoutes };
