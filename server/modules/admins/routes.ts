/**
 * Routes of SPEC section 7 "Administrators": the status-resource routes of `adminsResource`
 * (server/http/status-routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerStatusResource } from '../../http/status-routes';
import { adminsResource } from './service';

/** Registers `/api/admins/*`. */
export function adminsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    registerStatusResource(app, ctx.db, adminsResource);
  };
}
