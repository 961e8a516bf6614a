/**
 * Routes of the register (RNE) supervision (SPEC section 7 "Supervision"; contract/rne.ts), under
 * `/api/supervisions`, for a signed-in administrator (CSRF on writes; server/http/guard.ts):
 * - accounts: `GET inpiall`, `GET rneall`, `POST rne/accounts` (201), `POST rne/accounts/{id}`,
 *   `POST rne/accounts/{id}/toggle`, `POST rne/accounts/{id}/delete` (204), `GET syncInpiAccount/{id}`;
 * - reports: `GET reportsall`, `GET dirigeantsall`, `GET liveinpiall`, `GET download-csv`;
 * - queues: `POST queues/{queue}/filter`, `POST queues/officers/live/filter`, `POST queues/{queue}/parked/filter`,
 *   `POST queues/{queue}/waiting/filter`, `POST queues/{queue}/requeue/{id}` (204), `POST queues/{queue}/sirens`,
 *   the bulk actions `POST queues/{queue}/parked/bulk/{requeue|remove}` and `POST queues/{queue}/waiting/bulk/remove`
 *   (./queue-bulk.ts), and each table's « Exporter CSV »:
 *   `GET queues/{queue}/export.csv`, `GET queues/officers/live/export.csv`, `GET queues/{queue}/parked/export.csv`.
 * The plugin also declares the RNE worker's tasks (`registerRneWorker`, on when RNE_WORKER=on), and wakes the
 * worker after a call that queued entries. Each write declares its audit entry (server/http/audit.ts): `rne_accounts`
 * with the account's id, `rne_queue` with the queue's name, the bulk actions with their count and selection; the list
 * of the first table answers the accounts' passwords and is declared `reveal`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams } from '../../../contract/fields';
import { filterBody, pageQuery, pageResponse } from '../../../contract/listing';
import {
  dirigeantsResponse,
  liveInpiResponse,
  parkedEntry,
  queueEntry,
  queueParams,
  queueSirensBody,
  queueSirensResult,
  reportsResponse,
  rneAccountBody,
  rneAccountRecord,
  rneAccountUpdateBody,
  rneFilingsAccount,
  rneOfficersAccount,
  rneSyncResult,
} from '../../../contract/rne';
import type { AppContext } from '../../context';
import { paramId, REVEAL, type AuditDeclaration } from '../../http/audit';
import { accountsResource, listAccounts } from './accounts';
import { CSV_FILENAME, liveCsvStream } from './csv';
import { bulkBody, bulkResponse } from '../../../contract/bulk';
import { filterDone, filterLive, filterParked, filterWaiting } from './lists';
import { bulkParked, bulkRemoveWaiting, queueBulkMessage } from './queue-bulk';
import { exportDone, exportLive, exportParked } from './list-export';
import { csvDownload, listExportQuery } from '../../../contract/list-export';
import { exportFilename, exportFilter } from '../../http/list-export';
import { sendCsv } from '../../lib/csv/write';
import { queueSirens, REASON_MANUAL, requeueEntry } from './queues';
import { dirigeantsAll, liveInpiAll, reportsAll } from './reports';
import { syncAccount } from './sync';
import { registerRneWorker, wakeRneWorker } from './worker';

const tags = ['Supervision'];

/** The `config` of a route whose write records the audit entry `resource` / `action` (id: `id`). */
const audited = (resource: string, action: AuditDeclaration['action'], id?: AuditDeclaration['id']) => ({ audit: { resource, action, id } });
/** The bulk actions' entries keep the route's own words: `queues/<queue>/parked/bulk/<action>` under `supervisions`. */
const bulkAction = (req: { params: unknown }) => {
  const { queue, action } = req.params as { queue: string; action?: string };
  return `queues/${queue}/${action ? `parked/bulk/${action}` : 'waiting/bulk/remove'}`;
};

/** Registers the RNE routes under `/api/supervisions` and the worker's tasks. */
export function rneRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db, box } = ctx;
    const accounts = accountsResource(box);
    const actor = (id: number, sessionId?: string) => ({ id, sessionId });
    const write = errorResponses(401, 404, 419, 422);
    registerRneWorker(ctx);

    // Accounts.
    r.get('/inpiall', { config: audited('rne_accounts', REVEAL), schema: { tags, response: { 200: z.array(rneOfficersAccount), ...errorResponses(401) } } }, async () => listAccounts(db, box, 'officers'));
    r.get('/rneall', { schema: { tags, response: { 200: z.array(rneFilingsAccount), ...errorResponses(401) } } }, async () => listAccounts(db, box, 'filings'));
    r.post('/rne/accounts', { config: audited('rne_accounts', 'create'), schema: { tags, body: rneAccountBody, response: { 201: rneAccountRecord, ...errorResponses(401, 419, 422) } } }, async (req, reply) =>
      reply.status(201).send(accounts.spec.toResponse(await accounts.create(db, req.body))),
    );
    r.post('/rne/accounts/:id', { config: audited('rne_accounts', 'update', paramId()), schema: { tags, params: idParams, body: rneAccountUpdateBody, response: { 200: rneAccountRecord, ...write } } }, async (req) =>
      accounts.spec.toResponse(await accounts.update(db, req.params.id, req.body, actor(req.admin!.id, req.sessionId))),
    );
    r.post('/rne/accounts/:id/toggle', { config: audited('rne_accounts', 'status', paramId()), schema: { tags, params: idParams, response: { 200: rneAccountRecord, ...write } } }, async (req) =>
      accounts.spec.toResponse(await accounts.toggle(db, req.params.id, actor(req.admin!.id, req.sessionId))),
    );
    r.post('/rne/accounts/:id/delete', { config: audited('rne_accounts', 'delete', paramId()), schema: { tags, params: idParams, response: { 204: z.null(), ...write } } }, async (req, reply) => {
      await accounts.remove(db, req.params.id, actor(req.admin!.id, req.sessionId));
      return reply.status(204).send(null);
    });
    r.get('/syncInpiAccount/:id', { config: audited('rne_accounts', 'rne_sync', paramId()), schema: { tags, params: idParams, response: { 200: rneSyncResult, ...errorResponses(401, 404, 422) } } }, async (req) =>
      syncAccount(ctx, req.params.id).then(async (synced) => {
        // An account that can log in again may unblock its pool's queue: wake its worker now rather than at the next tick.
        if (synced.result === 'ok') await wakeRneWorker(ctx, synced.account.pool === 'officers' ? 'officers' : 'accounts');
        return synced;
      }),
    );

    // Reports (rollups) and the export.
    r.get('/reportsall', { schema: { tags, response: { 200: reportsResponse, ...errorResponses(401) } } }, async () => reportsAll(db));
    r.get('/dirigeantsall', { schema: { tags, response: { 200: dirigeantsResponse, ...errorResponses(401) } } }, async () => dirigeantsAll(db));
    r.get('/liveinpiall', { schema: { tags, response: { 200: liveInpiResponse, ...errorResponses(401) } } }, async () => liveInpiAll(db));
    r.get('/download-csv', { schema: { tags, response: { 200: z.any(), ...errorResponses(401) } } }, async (req, reply) => {
      const stream = liveCsvStream(db);
      // Headers are sent with the first bytes: a failure afterwards can only cut the download, so it is logged.
      stream.on('error', (err) => req.log.error({ err }, 'RNE CSV export failed'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${CSV_FILENAME}"`)
        .send(stream);
    });

    // « Exporter CSV » of the queue tables (before `queues/:queue/…`, whose parameter would take `officers`).
    const csv = { 200: csvDownload, ...errorResponses(401, 422) };
    r.get('/queues/officers/live/export.csv', { schema: { tags, querystring: listExportQuery, response: csv } }, async (req, reply) =>
      sendCsv(req, reply, exportFilename('rne-officers-j-1'), exportLive(db, exportFilter(req.query))),
    );
    r.get('/queues/:queue/export.csv', { schema: { tags, params: queueParams, querystring: listExportQuery, response: csv } }, async (req, reply) =>
      sendCsv(req, reply, exportFilename(`rne-${req.params.queue}`), exportDone(db, req.params.queue, exportFilter(req.query))),
    );
    r.get('/queues/:queue/parked/export.csv', { schema: { tags, params: queueParams, querystring: listExportQuery, response: csv } }, async (req, reply) =>
      sendCsv(req, reply, exportFilename(`rne-${req.params.queue}-parked`), exportParked(db, req.params.queue, exportFilter(req.query))),
    );

    // Queues.
    const page = (item: z.ZodType) => ({ 200: pageResponse(item), ...write });
    r.post('/queues/officers/live/filter', { schema: { tags, querystring: pageQuery, body: filterBody, response: page(queueEntry) } }, async (req) =>
      filterLive(db, req.body, req.query.page),
    );
    r.post('/queues/:queue/filter', { schema: { tags, params: queueParams, querystring: pageQuery, body: filterBody, response: page(queueEntry) } }, async (req) =>
      filterDone(db, req.params.queue, req.body, req.query.page),
    );
    r.post(
      '/queues/:queue/parked/filter',
      { schema: { tags, params: queueParams, querystring: pageQuery, body: filterBody, response: page(parkedEntry) } },
      async (req) => filterParked(db, req.params.queue, req.body, req.query.page),
    );
    r.post(
      '/queues/:queue/waiting/filter',
      { schema: { tags, params: queueParams, querystring: pageQuery, body: filterBody, response: page(queueEntry) } },
      async (req) => filterWaiting(db, req.params.queue, req.body, req.query.page),
    );
    const bulk = { 200: bulkResponse, ...errorResponses(401, 419, 422) };
    r.post(
      '/queues/:queue/parked/bulk/:action',
      { config: audited('rne_queue', bulkAction), schema: { tags, params: queueParams.extend({ action: z.enum(['requeue', 'remove'], { error: 'Action inconnue.' }) }), body: bulkBody, response: bulk } },
      async (req) => {
        const { queue, action } = req.params;
        const count = await bulkParked(db, queue, action, req.body);
        if (action === 'requeue' && count > 0) await wakeRneWorker(ctx, queue);
        return { count, message: queueBulkMessage(action, count) };
      },
    );
    r.post('/queues/:queue/waiting/bulk/remove', { config: audited('rne_queue', bulkAction), schema: { tags, params: queueParams, body: bulkBody, response: bulk } }, async (req) => {
      const count = await bulkRemoveWaiting(db, req.params.queue, req.body);
      return { count, message: queueBulkMessage('remove', count) };
    });
    r.post(
      '/queues/:queue/requeue/:id',
      { config: audited('rne_queue', 'requeue', paramId('queue')), schema: { tags, params: queueParams.extend(idParams.shape), response: { 204: z.null(), ...write } } },
      async (req, reply) => {
        await requeueEntry(db, req.params.queue, req.params.id);
        await wakeRneWorker(ctx, req.params.queue);
        return reply.status(204).send(null);
      },
    );
    r.post('/queues/:queue/sirens', { config: audited('rne_queue', 'add_sirens', paramId('queue')), schema: { tags, params: queueParams, body: queueSirensBody, response: { 200: queueSirensResult, ...write } } }, async (req) => {
      const { queue } = req.params;
      const result = await queueSirens(db, queue, req.body.sirens, REASON_MANUAL, req.body.lines);
      if (result.queued > 0) await wakeRneWorker(ctx, queue);
      return result;
    });
  };
}
