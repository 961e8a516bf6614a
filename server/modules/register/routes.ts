/**
 * Route of the company register (SPEC section 7, the company lookup): `GET /api/companies/{siren}` answers what
 * the register knows of a SIREN (./lookup.ts). It needs a signed-in administrator (the `/api` guard,
 * server/http/guard.ts); a SIREN that is not 9 digits with a valid check digit is a 422, an unknown one a 404.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { companyParams, companyResponse } from '../../../contract/feeds';
import { errorResponses } from '../../../contract/fields';
import type { AppContext } from '../../context';
import { findCompany, type MentionReader } from './lookup';

/** Registers `/api/companies/{siren}`; `mentionOf` answers for a SIREN only another source names (./lookup.ts). */
export function companiesRoutes(mentionOf: MentionReader) {
  return (ctx: AppContext) => async (app: FastifyInstance) => {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/:siren',
        { schema: { tags: ['Entreprises'], params: companyParams, response: { 200: companyResponse, ...errorResponses(401, 404, 422) } } },
        async (req) => findCompany(ctx.db, req.params.siren, mentionOf),
      );
  };
}
