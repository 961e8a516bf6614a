/**
 * Routes of SPEC section 7 "Customers": the status-resource routes of `customersResource`
 * (server/http/status-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerStatusResource } from '../../http/status-routes';
import { customersResource } from './service';

/** Registers `/api/customers/*`. */
export function customersRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerStatusResource(app, ctx.db, customersResource(ctx.box));
  };
}
