/**
 * Routes of the deals CSV import (SPEC section 7 "Transactions" `POST /api/transactions/import`), under `/api/transactions`:
 * - `POST import`: multipart field `file` (`.csv`, at most DEAL_IMPORT_MAX_BYTES, CSRF header; its audit entry, resource
 *   `jobs`, is written in the job's dispatch, the job's end by the job); the file runs as a
 *   `deal-import` background job and the request waits for its end: `1` when written (SPEC: "server returns 1
 *   for success"), 422 `DealImportRefusal` `{message, errors: {file}, lines: [{line, messages}]}` when refused
 *   (or the shared 422 `{message, errors}` of a request the guards refuse before the file is read);
 * - `GET importjob`: `{job}`, the caller's latest import job (rows_read, bytes_read, bytes_total, percent) for
 *   the progress bar while the upload waits;
 * - `GET template`: the template CSV.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEAL_IMPORT_MAX_BYTES, dealImportRefusal, dealImportSuccess } from '../../../contract/deal-import';
import { errorResponses, messageBody, validationBody } from '../../../contract/fields';
import { jobResponse } from '../../../contract/jobs';
import type { AppContext } from '../../context';
import { receiveFile } from '../../http/body-errors';
import { AppError } from '../../lib/errors';
import { malformedMultipart } from '../../http/errors';
import { currentDealImport, DealImportRefused, FILE_TOO_BIG, refusal, startDealImport, waitForDealImport } from './import-upload';
import { DEAL_TEMPLATE_FILENAME, dealTemplate } from './template';

const tags = ['Transactions'];
/** Room for the multipart envelope (boundaries, part headers) around the file, in bytes. */
const MULTIPART_ALLOWANCE = 1024 * 1024;

/** Registers this part's routes on `app` (under `/api/transactions`; the `deal-import` job is declared by ./module.ts). */
export async function dealImportRoutes(ctx: AppContext, app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.post(
    '/import',
    { config: { audit: { resource: 'jobs', action: 'import' } }, schema: { tags, consumes: ['multipart/form-data'], response: { 200: dealImportSuccess, 422: z.union([dealImportRefusal, validationBody]), ...errorResponses(401, 419), 500: messageBody, 503: messageBody } } },
    async (req, reply) => {
      try {
        // A body announced well over the limit is refused before it is read.
        if (Number(req.headers['content-length'] ?? 0) > DEAL_IMPORT_MAX_BYTES + MULTIPART_ALLOWANCE) throw new DealImportRefused(refusal(FILE_TOO_BIG));
        const part = await receiveFile(req, DEAL_IMPORT_MAX_BYTES, 'Veuillez choisir un fichier CSV.');
        const job = await startDealImport(ctx.jobs, db, ctx.config.dataDir, req.admin!.id, part);
        await waitForDealImport(db, job.id);
        return reply.status(200).send(1);
      } catch (err) {
        if (err instanceof DealImportRefused) return reply.status(422).send(err.body);
        const known = malformedMultipart(err) ?? err;
        if (known instanceof AppError && known.statusCode === 422) return reply.status(422).send(refusal(known.errors?.file?.[0] ?? known.message));
        throw err;
      }
    },
  );
  r.get('/importjob', { schema: { tags, response: { 200: z.object({ job: jobResponse.nullable() }), ...errorResponses(401) } } }, async (req) => ({
    job: await currentDealImport(db, req.admin!.id),
  }));
  r.get('/template', { schema: { tags, response: { 200: z.any(), ...errorResponses(401) } } }, async (_req, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${DEAL_TEMPLATE_FILENAME}"`)
      .send(dealTemplate()),
  );
}
