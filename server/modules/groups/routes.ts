/**
 * Routes of SPEC section 7 "Groups", plus `POST /api/groups/filtersirens/{id}?page=n` (the group's SIRENs,
 * paged on the server: a group may hold hundreds of thousands).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, idParams, messageBody } from '../../http/fields';
import { filterBody, pageQuery } from '../../http/listing';
import { addSirensBody, addSirensResponse, groupBody, groupResponse, groupSirenPage, groupUpdateBody } from './schemas';
import {
  addSirens,
  createGroup,
  deleteGroup,
  filterGroupSirens,
  getGroup,
  listGroups,
  removeSiren,
  toggleGroup,
  toGroupResponse,
  updateGroup,
} from './service';

const tags = ['Groupes'];
const OK = 'Opération effectuée avec succès!';

/** Registers `/api/groups/*`. */
export function groupsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;
    const write = errorResponses(401, 404, 419, 422);

    r.get('/all', { schema: { tags, response: { 200: z.array(groupResponse), ...errorResponses(401) } } }, async () =>
      (await listGroups(db)).map(toGroupResponse),
    );
    r.post('/togglestatus/:id', { schema: { tags, params: idParams, response: { 200: groupResponse, ...write } } }, async (req) =>
      toGroupResponse(await toggleGroup(db, req.params.id)),
    );
    r.post('/store', { schema: { tags, body: groupBody, response: { 201: groupResponse, ...write } } }, async (req, reply) =>
      reply.status(201).send(toGroupResponse(await createGroup(db, req.body))),
    );
    r.get('/getGroupRoles/:id', { schema: { tags, params: idParams, response: { 200: groupResponse, ...errorResponses(401, 404) } } }, async (req) =>
      toGroupResponse(await getGroup(db, req.params.id)),
    );
    r.post('/update/:id', { schema: { tags, params: idParams, body: groupUpdateBody, response: { 200: groupResponse, ...write } } }, async (req) =>
      toGroupResponse(await updateGroup(db, req.params.id, req.body)),
    );
    r.post(
      '/addsirens',
      { bodyLimit: 8 * 1024 * 1024, schema: { tags, body: addSirensBody, response: { 200: addSirensResponse, ...write } } },
      async (req) => ({ message: 'Les sirens ont été mis à jour avec succès.', ...(await addSirens(db, req.body.id, req.body.sirens, req.body.lines)) }),
    );
    r.post('/removegroup/:id', { schema: { tags, params: idParams, response: { 200: messageBody, ...write } } }, async (req) => {
      await deleteGroup(db, req.params.id);
      return { message: OK };
    });
    r.post('/removesiren/:id', { schema: { tags, params: idParams, response: { 200: messageBody, ...write } } }, async (req) => {
      await removeSiren(db, req.params.id);
      return { message: OK };
    });
    r.post(
      '/filtersirens/:id',
      { schema: { tags, params: idParams, querystring: pageQuery, body: filterBody, response: { 200: groupSirenPage, ...write } } },
      async (req) => filterGroupSirens(db, req.params.id, req.body, req.query.page),
    );
  };
}
