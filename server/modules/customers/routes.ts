/**
 * Routes of SPEC section 7 "Customers": the status-resource routes of `customersResource`
 * (server/http/status-routes.ts). The two reads whose answers carry the secrets in clear (the list and one
 * customer, declared `reveal`: each answer is recorded) ask an administrator with a second factor for a code of the
 * last 10 minutes (403 `mfa_step_up`),
 * as a change of a secret does (service.ts). `GET /api/customers/{id}/usage` gives a customer's use of the
 * customer API over the last 30 Paris days (usage.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerUsageResponse } from '../../../contract/customers';
import { errorResponses, idParams } from '../../../contract/fields';
import type { AppContext } from '../../context';
import { REVEAL } from '../../http/audit';
import { registerStatusResource } from '../../http/status-routes';
import { assertFreshSecondFactor } from '../auth';
import { customersResource } from './service';
import { customerUsage } from './usage';

/** Registers `/api/customers/*`. */
export function customersRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', async (req) => {
      // The reads whose answers carry the secrets: declared `reveal` (server/http/status-routes.ts `secretReads`).
      if (req.method === 'GET' && req.admin && req.routeOptions.config?.audit?.action === REVEAL) {
        await assertFreshSecondFactor(ctx.db, { id: req.admin.id, sessionId: req.sessionId });
      }
    });
    const resource = customersResource(ctx.box);
    registerStatusResource(app, ctx.db, resource);
    app.withTypeProvider<ZodTypeProvider>().get(
      '/:id/usage',
      { schema: { tags: [resource.spec.http.tag], params: idParams, response: { 200: customerUsageResponse, ...errorResponses(401, 404) } } },
      async (req) => customerUsage(ctx.db, req.params.id),
    );
  };
}
