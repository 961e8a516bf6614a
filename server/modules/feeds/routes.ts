/**
 * Routes of the feeds (SPEC section 7 "Supervision" `bodaccall`, `inseeCompanies`, `inseeLocations`), under `/api/supervisions`: the three file lists, the upload of a feed file
 * (`import/{bodacc|sirene}`), the feed jobs under way (`jobs`), the confirmation or abandonment of an upload
 * held for confirmation (`jobs/{id}/confirm`, `jobs/{id}/abandon`) and the feed health (`health`). The supervision
 * plugin also starts the scheduled fetch and the inbox watcher (started and stopped with the job queue); the feed
 * job kinds are declared by ./module.ts.
 * Every route needs a signed-in administrator, and the upload the CSRF header (the `/api` guard, server/http/guard.ts).
 * The upload, the confirmation and the abandonment declare their audit entry (resource `jobs`, the job's id), written
 * in the transaction that dispatches, queues again or fails the job (server/http/audit.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FEED_UPLOAD_MAX_BYTES, feedFileRecord, feedHealth as feedHealthSchema, feedImportResponse, feedJobsQuery, feedParams, type UploadFeed } from '../../../contract/feeds';
import { errorResponses } from '../../../contract/fields';
import { jobParams, jobResponse } from '../../../contract/jobs';
import type { AppContext } from '../../context';
import { receiveFile } from '../../http/body-errors';
import { fieldError } from '../../lib/errors';
import { abandonJob } from '../../jobs/confirmation';
import { toJobResponse, type JobRow } from '../../jobs/store';
import { paramId } from '../../http/audit';
import { auditedWrite } from '../../lib/audit';
import { scheduleFeedFetch } from './fetch/schedule';
import { feedHealth } from './health';
import { FeedInbox } from './inbox';
import { listFeedFiles } from './records';
import { activeFeedJobs, extensionError, FEED_JOB_KINDS, startFeedJob } from './start';

const tags = ['Supervision'];
/** Room for the multipart envelope around the file, in bytes. */
const MULTIPART_ALLOWANCE = 1024 * 1024;

/** Refusal of an upload over FEED_UPLOAD_MAX_BYTES, with the ways that take larger files. */
export function fileTooBig(feed: UploadFeed): string {
  return `Le fichier dépasse ${FEED_UPLOAD_MAX_BYTES / (1024 * 1024)} Mo\u00a0: déposez-le dans le dossier inbox/${feed} du serveur, ou utilisez npm run feed:${feed}.`;
}
/** Refusal of an upload without a file. */
export const NO_FILE = 'Veuillez choisir un fichier.';
/** Answer of an accepted upload. */
export const FILE_RECEIVED = 'Fichier reçu\u00a0: import en cours.';

/** Registers `/api/supervisions/*`, the scheduled fetch and the inbox (the feed jobs are declared by ./module.ts). */
export function feedRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;
    scheduleFeedFetch(ctx);
    if (ctx.config.feedInbox) {
      const inbox = new FeedInbox({ queue: ctx.jobs, db, dataDir: ctx.config.dataDir, stableMs: ctx.config.feedInboxSettleMs, log: app.log });
      ctx.jobs.onStart(() => inbox.start());
      ctx.jobs.onStop(() => inbox.stop());
    }

    const files = z.array(feedFileRecord);
    r.get('/bodaccall', { schema: { tags, response: { 200: files, ...errorResponses(401) } } }, async () => listFeedFiles(db, 'bodacc'));
    r.get('/inseeCompanies', { schema: { tags, response: { 200: files, ...errorResponses(401) } } }, async () => listFeedFiles(db, 'sirene-companies'));
    r.get('/inseeLocations', { schema: { tags, response: { 200: files, ...errorResponses(401) } } }, async () => listFeedFiles(db, 'sirene-establishments'));

    r.post(
      '/import/:feed',
      { config: { audit: { resource: 'jobs', action: 'import' } }, schema: { tags, params: feedParams, consumes: ['multipart/form-data'], response: { 202: feedImportResponse, ...errorResponses(401, 419, 422) } } },
      async (req, reply) => {
        const { feed } = req.params;
        // A body announced well over the limit is refused before it is read; within the allowance the
        // multipart parser cuts the file at the limit (`truncated`).
        if (Number(req.headers['content-length'] ?? 0) > FEED_UPLOAD_MAX_BYTES + MULTIPART_ALLOWANCE) throw fieldError('file', fileTooBig(feed));
        const part = await receiveFile(req, FEED_UPLOAD_MAX_BYTES, NO_FILE);
        if (!part || part.fieldname !== 'file' || !part.filename) {
          part?.file.resume();
          throw fieldError('file', NO_FILE);
        }
        const wrongType = extensionError(feed, part.filename);
        if (wrongType) {
          part.file.resume();
          throw fieldError('file', wrongType);
        }
        const file = part.file;
        try {
          const job = await startFeedJob(ctx.jobs, db, {
            feed,
            filename: part.filename,
            origin: 'upload',
            ownerId: req.admin!.id,
            confirmAbove: ctx.config.feedConfirmThreshold,
            audited: true,
            input: {
              upload: file,
              check: () => {
                if (file.truncated) throw fieldError('file', fileTooBig(feed));
              },
            },
          });
          return reply.status(202).send({ message: FILE_RECEIVED, job: toJobResponse(job) });
        } catch (err) {
          file.resume();
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', fileTooBig(feed));
          throw err;
        }
      },
    );

    r.get('/jobs', { schema: { tags, querystring: feedJobsQuery, response: { 200: z.array(jobResponse), ...errorResponses(401, 422) } } }, async (req) =>
      (await activeFeedJobs(db, req.query.feed)).map(toJobResponse),
    );
    // An upload held for confirmation (server/jobs/confirmation.ts): run it for real, or drop it.
    const jobEntry = (row: JobRow) => ({ details: { kind: row.kind, filename: row.payload.filename ?? null, rows: Number(row.rowsRead) } });
    r.post(
      '/jobs/:id/confirm',
      { config: { audit: { resource: 'jobs', action: 'confirm', id: paramId() } }, schema: { tags, params: jobParams, response: { 200: jobResponse, ...errorResponses(401, 404, 419, 422) } } },
      async (req) => {
        const entry = (confirmed: JobRow) => ({ details: { kind: confirmed.kind, filename: confirmed.payload.filename ?? null } });
        return toJobResponse(await ctx.jobs.confirm(req.params.id, FEED_JOB_KINDS, entry));
      },
    );
    // The rows read of the abandoned import are in its details (`rows`).
    r.post(
      '/jobs/:id/abandon',
      { config: { audit: { resource: 'jobs', action: 'abandon', id: paramId() } }, schema: { tags, params: jobParams, response: { 200: jobResponse, ...errorResponses(401, 404, 419, 422) } } },
      async (req) => toJobResponse(await auditedWrite(db, (tx) => abandonJob(tx, req.params.id, FEED_JOB_KINDS), jobEntry)),
    );
    r.get('/health', { schema: { tags, response: { 200: z.array(feedHealthSchema), ...errorResponses(401) } } }, async () => feedHealth(db, ctx.config));
  };
}
