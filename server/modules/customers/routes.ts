/**
 * Routes of SPEC section 7 "Customers" (thin: schema + service call).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses, idParams, messageBody } from '../../http/fields';
import { toCustomerResponse } from './credentials';
import { customerResponse, customerStoreBody, customerUpdateBody } from './schemas';
import { createCustomer, deleteCustomer, getCustomer, listCustomers, toggleCustomer, updateCustomer } from './service';

const tags = ["Clients de l'api"];

/** Registers `/api/customers/*`. */
export function customersRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db, box } = ctx;
    const out = (row: Parameters<typeof toCustomerResponse>[1]) => toCustomerResponse(box, row);

    r.get('/all', { schema: { tags, response: { 200: z.array(customerResponse), ...errorResponses(401) } } }, async () =>
      (await listCustomers(db)).map(out),
    );

    r.post(
      '/togglestatus/:id',
      { schema: { tags, params: idParams, response: { 200: customerResponse, ...errorResponses(401, 404, 419, 422) } } },
      async (req) => out(await toggleCustomer(db, req.params.id)),
    );

    r.post(
      '/store',
      { schema: { tags, body: customerStoreBody, response: { 201: customerResponse, ...errorResponses(401, 419, 422) } } },
      async (req, reply) => reply.status(201).send(out(await createCustomer(db, box, req.body))),
    );

    r.get(
      '/getUserRoles/:id',
      { schema: { tags, params: idParams, response: { 200: customerResponse, ...errorResponses(401, 404) } } },
      async (req) => out(await getCustomer(db, req.params.id)),
    );

    r.post(
      '/update/:id',
      {
        schema: {
          tags,
          params: idParams,
          body: customerUpdateBody,
          response: { 200: customerResponse, ...errorResponses(401, 404, 419, 422) },
        },
      },
      async (req) => out(await updateCustomer(db, box, req.params.id, req.body)),
    );

    r.post(
      '/:id',
      { schema: { tags, params: idParams, response: { 200: messageBody, ...errorResponses(401, 404, 419, 422) } } },
      async (req) => {
        await deleteCustomer(db, req.params.id);
        return { message: 'Opération effectuée avec succès!' };
      },
    );
  };
}
