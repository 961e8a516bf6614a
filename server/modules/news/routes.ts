/**
 * Routes of SPEC section 7 "News": under `/api/news`, the category status resource
 * (server/modules/news/categories.ts) and `allvalides`; the pending list (`filter`) and `syncall`; the
 * import (`import`, `filtertemporaries`, `process`, `remove/{id}`, `temporaries/bulkdelete`, `cancel`, plus `importjob` and
 * `template`); `addnews`; the Synchroniser batches (`syncbatches`, `syncbatches/{id}/undo`: ./sync-batches.ts); deleting
 * pending news (`pending/{id}/delete`, `pending/bulkdelete`, and the imports they came from, `pending/imports`:
 * ./pending-delete.ts). Under `/api/hows` (`howsRoutes`): `listbysiren`, `removebyidentifier`.
 * `process`, `remove`, `cancel` and `syncall` are GET calls as the spec has them; like every `/api` call they
 * need `X-Requested-With`, which a cross-site page cannot send without a CORS preflight, which fails.
 * Each write declares its audit entry (server/http/audit.ts): `news` (the pending news and their publication),
 * `news_temporaries` (the import's review), `jobs` (the upload), `published_articles`; the lists read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams, messageBody } from '../../../contract/fields';
import { jobResponse } from '../../../contract/jobs';
import { bulkBody, bulkResponse } from '../../../contract/bulk';
import { filterBody, pageQuery } from '../../../contract/listing';
import {
  addNewsBody,
  categoryResponse,
  countResponse,
  importResponse,
  listBySirenBody,
  pendingImport,
  newsPage,
  publishedArticle,
  removeByIdentifierBody,
  syncBatchPage,
  temporariesPage,
  undoBatchResponse,
} from '../../../contract/news';
import type { AppContext } from '../../context';
import { paramId, type AuditDeclaration } from '../../http/audit';
import { assertValidBody, receiveFile } from '../../http/body-errors';
import { fieldError } from '../../lib/errors';
import { DONE_MESSAGE, registerStatusResource } from '../../http/status-routes';
import { addNewsRuleErrors } from './add-news-errors';
import { addArticle, filterNews, listBySiren, publishedMessage, removeByIdentifier, syncAll } from './articles';
import { activeCategories, categoriesResource, toCategoryResponse } from './categories';
import {
  cancelImport,
  currentImport,
  deletedTemporariesMessage,
  deleteTemporaries,
  fileTooBig,
  filterTemporaries,
  processImport,
  removeTemporary,
  startImport,
} from './imports';
import { filterSyncBatches, undoneMessage, undoSyncBatch } from './sync-batches';
import { deletedPendingMessage, deletePending, pendingImports, removePending } from './pending-delete';
import { newsTemplate, TEMPLATE_FILENAME } from './template';

const tags = ['News'];

/** The `config` of a route whose write records the audit entry `resource` / `action` (id: `id`). */
const audited = (resource: string, action: string, id?: AuditDeclaration['id']) => ({ audit: { resource, action, id } });
/** Room for the multipart envelope (boundaries, part headers) around the file, in bytes. */
const MULTIPART_ALLOWANCE = 1024 * 1024;

/** Registers `/api/news/*` (the `news-import` job is declared by the module, ./module.ts). */
export function newsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db, database } = ctx;

    registerStatusResource(app, db, categoriesResource);
    r.get('/allvalides', { schema: { tags, response: { 200: z.array(categoryResponse), ...errorResponses(401) } } }, async () =>
      (await activeCategories(db)).map(toCategoryResponse),
    );

    r.post('/filter', { schema: { tags, querystring: pageQuery, body: filterBody, response: { 200: newsPage, ...errorResponses(401, 419, 422) } } }, async (req) =>
      filterNews(db, req.body, req.query.page),
    );
    r.post('/pending/bulkdelete', { config: audited('news', 'pending/bulkdelete'), schema: { tags, body: bulkBody, response: { 200: bulkResponse, ...errorResponses(401, 419, 422) } } }, async (req) => {
      const count = await deletePending(db, req.body);
      return { count, message: deletedPendingMessage(count) };
    });
    r.post('/pending/:id/delete', { config: audited('news', 'delete', paramId()), schema: { tags, params: idParams, response: { 200: messageBody, ...errorResponses(401, 404, 419) } } }, async (req) => {
      await removePending(db, req.params.id);
      return { message: DONE_MESSAGE };
    });
    r.get('/pending/imports', { schema: { tags, response: { 200: z.array(pendingImport), ...errorResponses(401) } } }, async () => pendingImports(db));
    r.get('/syncall', { config: audited('news', 'sync'), schema: { tags, response: { 200: countResponse, ...errorResponses(401) } } }, async (req) => {
      const count = await syncAll(db, req.admin!.id);
      return { count, message: publishedMessage(count) };
    });
    r.post(
      '/syncbatches',
      { schema: { tags, querystring: pageQuery, body: filterBody, response: { 200: syncBatchPage, ...errorResponses(401, 419, 422) } } },
      async (req) => filterSyncBatches(db, req.body, req.query.page),
    );
    r.post(
      '/syncbatches/:id/undo',
      { config: audited('news', 'sync_undo', paramId()), schema: { tags, params: idParams, response: { 200: undoBatchResponse, ...errorResponses(401, 404, 419, 422) } } },
      async (req) => {
        const { count, skipped } = await undoSyncBatch(db, req.params.id, req.admin!.id);
        return { count, skipped, message: undoneMessage(count, skipped) };
      },
    );

    r.post(
      '/import',
      { config: audited('jobs', 'import'), schema: { tags, consumes: ['multipart/form-data'], response: { 202: importResponse, ...errorResponses(401, 419, 422) } } },
      async (req, reply) => {
        // A body announced well over the limit is refused before it is read (the file part of a body within
        // the allowance, whose size only the stream tells, is cut at the limit by the multipart parser).
        const limits = ctx.config.newsImport;
        if (Number(req.headers['content-length'] ?? 0) > limits.maxBytes + MULTIPART_ALLOWANCE) throw fieldError('file', fileTooBig(limits.maxBytes));
        const part = await receiveFile(req, limits.maxBytes, 'Veuillez choisir un fichier CSV.');
        const job = await startImport(ctx.jobs, db, req.admin!.id, part, { ...limits, maxTitleChars: ctx.config.newsTemporaryTitleMaxChars });
        return reply.status(202).send({ message: 'Fichier reçu\u00a0: lecture des lignes en cours.', job });
      },
    );
    r.get('/importjob', { schema: { tags, response: { 200: z.object({ job: jobResponse.nullable() }), ...errorResponses(401) } } }, async (req) => ({
      job: await currentImport(db, req.admin!.id),
    }));
    r.get('/template', { schema: { tags, response: { 200: z.any(), ...errorResponses(401) } } }, async (_req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${TEMPLATE_FILENAME}"`)
        .send(newsTemplate()),
    );
    r.post(
      '/filtertemporaries',
      { schema: { tags, querystring: pageQuery, body: filterBody, response: { 200: temporariesPage, ...errorResponses(401, 419, 422) } } },
      async (req) => filterTemporaries(db, req.admin!.id, req.body, req.query.page),
    );
    r.get('/process', { config: audited('news_temporaries', 'process'), schema: { tags, response: { 200: countResponse, ...errorResponses(401, 422) } } }, async (req) => {
      const count = await processImport(database, req.admin!.id);
      return { count, message: `${count.toLocaleString('fr-FR')} news ajoutée${count > 1 ? 's' : ''} à la liste en attente.` };
    });
    r.get('/remove/:id', { config: audited('news_temporaries', 'delete', paramId()), schema: { tags, params: idParams, response: { 200: messageBody, ...errorResponses(401, 404) } } }, async (req) => {
      await removeTemporary(db, req.admin!.id, req.params.id);
      return { message: DONE_MESSAGE };
    });
    r.post('/temporaries/bulkdelete', { config: audited('news_temporaries', 'temporaries/bulkdelete'), schema: { tags, body: bulkBody, response: { 200: bulkResponse, ...errorResponses(401, 419, 422) } } }, async (req) => {
      const count = await deleteTemporaries(db, req.admin!.id, req.body);
      return { count, message: deletedTemporariesMessage(count) };
    });
    r.get('/cancel', { config: audited('news_temporaries', 'discard'), schema: { tags, response: { 200: countResponse, ...errorResponses(401, 422) } } }, async (req) => {
      const count = await cancelImport(ctx.jobs, db, req.admin!.id, `${req.admin!.firstname} ${req.admin!.name}`.trim());
      return { count, message: 'Import annulé.' };
    });

    // Every field error at once: a body that breaks the schema also gets the article rules' errors (date, link, category).
    r.post('/addnews', { config: audited('published_articles', 'create'), schema: { tags, body: addNewsBody, response: { 201: publishedArticle, ...errorResponses(401, 419, 422) } }, attachValidation: true }, async (req, reply) => {
      await assertValidBody(req, (body, schemaErrors) => addNewsRuleErrors(db, body, schemaErrors));
      return reply.status(201).send(await addArticle(db, req.body));
    });
  };
}

/** Registers `/api/hows/*`: the published articles of a SIREN and their removal. */
export function howsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;
    r.post('/listbysiren', { schema: { tags, body: listBySirenBody, response: { 200: z.array(publishedArticle), ...errorResponses(401, 419, 422) } } }, async (req) =>
      listBySiren(db, req.body.siren),
    );
    r.post('/removebyidentifier', { config: audited('published_articles', 'delete', (req) => (req.body as { identifier?: string }).identifier), schema: { tags, body: removeByIdentifierBody, response: { 200: messageBody, ...errorResponses(401, 404, 419, 422) } } }, async (req) => {
      await removeByIdentifier(db, req.body.siren, req.body.identifier);
      return { message: DONE_MESSAGE };
    });
  };
}
