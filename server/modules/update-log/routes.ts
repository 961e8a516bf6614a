/**
 * Routes of SPEC section 7 "Update log": `GET /api/messages/getdatas`, `POST /api/messages/filter?page=n`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/fields';
import { filterBody, pageQuery } from '../../../contract/listing';
import { logPage, logStats } from '../../../contract/update-log';
import type { AppContext } from '../../context';
import { filterLog, logStatistics } from './service';

const tags = ['Journal des mises à jour'];

/** Registers `/api/messages/*`. */
export function updateLogRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/getdatas', { schema: { tags, response: { 200: logStats, ...errorResponses(401) } } }, async () => logStatistics(ctx.db));
    r.post(
      '/filter',
      { schema: { tags, querystring: pageQuery, body: filterBody, response: { 200: logPage, ...errorResponses(401, 419, 422) } } },
      async (req) => filterLog(ctx.db, req.body, req.query.page),
    );
  };
}
