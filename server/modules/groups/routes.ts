/**
 * Routes of SPEC section 7 "Groups": the status-resource routes of `groupsResource` (server/http/status-routes.ts),
 * the SIREN calls `addsirens` and `removesiren/{id}`, plus `POST /api/groups/filtersirens/{id}?page=n` and its
 * « Exporter CSV » `GET /api/groups/sirens/{id}/export.csv` (the
 * group's SIRENs, paged on the server: a group may hold hundreds of thousands).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, idParams, messageBody } from '../../../contract/fields';
import { addSirensBody, addSirensResponse, groupSirenPage } from '../../../contract/groups';
import { ADD_SIRENS_BODY_BYTES } from '../../../contract/limits';
import { filterBody, pageQuery } from '../../../contract/listing';
import type { AppContext } from '../../context';
import { DONE_MESSAGE, registerStatusResource } from '../../http/status-routes';
import { ADD_SIRENS, addSirens, exportGroupSirens, filterGroupSirens, groupsResource, removeSiren } from './service';
import { bodyId } from '../../http/audit';
import { csvDownload, listExportQuery } from '../../../contract/list-export';
import { exportFilename, exportFilter } from '../../http/list-export';
import { sendCsv } from '../../lib/csv/write';

const tags = ['Groupes'];

/** Registers `/api/groups/*`. */
export function groupsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;
    const write = errorResponses(401, 404, 419, 422);

    registerStatusResource(app, db, groupsResource);
    r.post(
      '/addsirens',
      { bodyLimit: ADD_SIRENS_BODY_BYTES, config: { audit: { resource: 'groups', action: ADD_SIRENS, id: bodyId } }, schema: { tags, body: addSirensBody, response: { 200: addSirensResponse, ...write } } },
      async (req) => ({ message: 'Les sirens ont été mis à jour avec succès.', ...(await addSirens(db, req.body.id, req.body.sirens, req.body.lines)) }),
    );
    r.post('/removesiren/:id', { config: { audit: { resource: 'groups', action: 'remove_siren' } }, schema: { tags, params: idParams, response: { 200: messageBody, ...write } } }, async (req) => {
      await removeSiren(db, req.params.id);
      return { message: DONE_MESSAGE };
    });
    r.post(
      '/filtersirens/:id',
      { schema: { tags, params: idParams, querystring: pageQuery, body: filterBody, response: { 200: groupSirenPage, ...write } } },
      async (req) => filterGroupSirens(db, req.params.id, req.body, req.query.page),
    );
    r.get(
      '/sirens/:id/export.csv',
      { schema: { tags, params: idParams, querystring: listExportQuery, response: { 200: csvDownload, ...errorResponses(401, 404, 422) } } },
      async (req, reply) =>
        sendCsv(req, reply, exportFilename(`groupe-${req.params.id}-sirens`), await exportGroupSirens(db, req.params.id, exportFilter(req.query))),
    );
  };
}
