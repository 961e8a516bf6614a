/**
 * Routes of SPEC section 7 "Administrators" (thin: schema + service call).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, idParams, messageBody } from '../../http/fields';
import { adminResponse, adminStoreBody, adminUpdateBody, toAdminResponse } from './schemas';
import { createAdmin, deleteAdmin, getAdmin, listAdmins, toggleAdmin, updateAdmin } from './service';

const tags = ['Administrateurs'];

/** Registers `/api/admins/*`. */
export function adminsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;

    r.get('/all', { schema: { tags, response: { 200: z.array(adminResponse), ...errorResponses(401) } } }, async () =>
      (await listAdmins(db)).map(toAdminResponse),
    );

    r.post(
      '/togglestatus/:id',
      { schema: { tags, params: idParams, response: { 200: adminResponse, ...errorResponses(401, 404, 419, 422) } } },
      async (req) => toAdminResponse(await toggleAdmin(db, req.params.id, req.admin!.id)),
    );

    r.post(
      '/store',
      { schema: { tags, body: adminStoreBody, response: { 201: adminResponse, ...errorResponses(401, 419, 422) } } },
      async (req, reply) => reply.status(201).send(toAdminResponse(await createAdmin(db, req.body))),
    );

    r.get(
      '/getUserRoles/:id',
      { schema: { tags, params: idParams, response: { 200: adminResponse, ...errorResponses(401, 404) } } },
      async (req) => toAdminResponse(await getAdmin(db, req.params.id)),
    );

    r.post(
      '/update/:id',
      {
        schema: { tags, params: idParams, body: adminUpdateBody, response: { 200: adminResponse, ...errorResponses(401, 404, 419, 422) } },
      },
      async (req) =>
        toAdminResponse(await updateAdmin(db, req.params.id, req.body, { id: req.admin!.id, sessionId: req.sessionId })),
    );

    r.post(
      '/:id',
      { schema: { tags, params: idParams, response: { 200: messageBody, ...errorResponses(401, 404, 419, 422) } } },
      async (req) => {
        await deleteAdmin(db, req.params.id, req.admin!.id);
        return { message: 'Opération effectuée avec succès!' };
      },
    );
  };
}
