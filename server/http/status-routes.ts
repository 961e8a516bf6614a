/**
 * The routes of a status resource, from its declaration (server/lib/status-resource.ts),
 * in the URL layout of SPEC section 7, relative to the module's prefix (e.g. `/api/admins`):
 *
 * | call | default path | answer |
 * | --- | --- | --- |
 * | list | `GET /all` | 200 array |
 * | toggle | `POST /togglestatus/:id` | 200 object; 404; 422 errors.status |
 * | create | `POST /store` | 201 object; 422 |
 * | read | `GET /getUserRoles/:id` | 200 object; 404 |
 * | update | `POST /update/:id` | 200 object; 404; 422 |
 * | delete | `POST /:id`, or `POST /{remove}/:id`, or `POST /{remove}` with body `{id, ...}` (`removeWithBody`) | 200 `{message: 'Opération effectuée avec succès!'}`; 404; 422 errors.destroy |
 *
 * Path names follow the declaration (`http.paths`, e.g. `{get: 'getGroupRoles', remove: 'removegroup'}`),
 * as the web's `standardResource` endpoints do. Every route declares its status codes (CONVENTIONS.md section 4.2),
 * and each write its audit entry (./audit.ts): the resource's table, `status`, `create`, `update` or `delete`, and the
 * record's id (a create gives the id it made). With `http.secretReads`, the list and the read are declared `reveal`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParams, messageBody, type Status } from '../../contract/fields';
import type { Db } from '../db/client';
import { bodyId, paramId, REVEAL, type AuditDeclaration } from './audit';
import { assertValidBody } from './body-errors';
import type { Actor, StatusResource } from '../lib/status-resource';
import type { StatusTable } from '../lib/status-toggle';
import { resolveStatusPaths } from '../../contract/resources';

/** Answer of a delete (SPEC section 8 success toast). */
export const DONE_MESSAGE = 'Opération effectuée avec succès!';

/** The signed-in administrator of a guarded route, as the resource's guards see them. */
function actorOf(req: FastifyRequest): Actor {
  return { id: req.admin!.id, sessionId: req.sessionId };
}

/**
 * Registers the six routes of `resource` on `app` (inside the module's plugin, under its prefix), with
 * the tag and path names of its declaration (`spec.http`).
 * @param db - the database the routes use
 */
export function registerStatusResource<
  T extends StatusTable,
  Row extends { id: number; status: number },
  StoreBody extends z.ZodType,
  UpdateBody extends z.ZodType<{ status?: Status }>,
  Res,
>(app: FastifyInstance, db: Db, resource: StatusResource<T, Row, StoreBody, UpdateBody, Res>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { spec } = resource;
  const p = resolveStatusPaths(spec.http.paths);
  const tags = [spec.http.tag];
  const out = (row: Row) => spec.toResponse(row);
  const write = { 200: spec.response, ...errorResponses(401, 404, 419, 422) };
  const audit = (action: string, id?: AuditDeclaration['id']): { audit: AuditDeclaration } => ({ audit: { resource: resource.auditResource, action, id } });
  const reads = spec.http.secretReads ? audit : () => ({});

  r.get(`/${p.all}`, { config: reads(REVEAL), schema: { tags, response: { 200: z.array(spec.response), ...errorResponses(401) } } }, async () =>
    (await resource.list(db)).map(out),
  );
  r.post(`/${p.toggle}/:id`, { config: audit('status', paramId()), schema: { tags, params: idParams, response: write } }, async (req) =>
    out(await resource.toggle(db, req.params.id, actorOf(req))),
  );
  r.post(
    `/${p.store}`,
    { config: audit('create'), schema: { tags, body: spec.store.body, response: { 201: spec.response, ...errorResponses(401, 419, 422) } }, attachValidation: true },
    async (req, reply) => {
      await assertValidBody(req, spec.store.check && ((body) => spec.store.check!(db, body)));
      return reply.status(201).send(out(await resource.create(db, req.body as z.output<StoreBody>)));
    },
  );
  r.get(`/${p.get}/:id`, { config: reads(REVEAL, paramId()), schema: { tags, params: idParams, response: { 200: spec.response, ...errorResponses(401, 404) } } }, async (req) =>
    out(await resource.find(db, req.params.id)),
  );
  r.post(`/${p.update}/:id`, { config: audit('update', paramId()), schema: { tags, params: idParams, body: spec.update.body, response: write }, attachValidation: true }, async (req) => {
    await assertValidBody(req, spec.update.check && ((body) => spec.update.check!(db, body, req.params.id)));
    return out(await resource.update(db, req.params.id, req.body as z.output<UpdateBody>, actorOf(req)));
  });
  const removed = { 200: messageBody, ...errorResponses(401, 404, 419, 422) };
  if (p.removeWithBody && p.remove) {
    // The record as body (the spec's `removerole`, body the role): only its id is read.
    r.post(`/${p.remove}`, { config: audit('delete', bodyId), schema: { tags, body: recordIdBody, response: removed } }, async (req) => {
      await resource.remove(db, req.body.id, actorOf(req));
      return { message: DONE_MESSAGE };
    });
    return;
  }
  r.post(p.remove ? `/${p.remove}/:id` : '/:id', { config: audit('delete', paramId()), schema: { tags, params: idParams, response: removed } }, async (req) => {
    await resource.remove(db, req.params.id, actorOf(req));
    return { message: DONE_MESSAGE };
  });
}

/** Message of a record id that is not a positive integer. */
const BAD_ID = "L’identifiant doit être un nombre entier positif.";
const badId = () => BAD_ID;

/** Body of a delete with the record as body: a positive integer `id` (number or digits), other fields ignored. */
export const recordIdBody = z
  .object({
    id: z
      .union([z.number({ error: badId }), z.string({ error: badId }).regex(/^[0-9]{1,10}$/, { error: badId })], { error: badId })
      .transform(Number)
      .pipe(z.number({ error: badId }).int({ error: badId }).min(1, { error: badId }).max(2147483647, { error: badId })),
  })
  .loose()
  .meta({ id: 'RecordId' });
