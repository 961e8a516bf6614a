/**
 * Routes of the deals module's records (SPEC section 7 "Transactions"; issue 10 sections 1 and 2), under
 * `/api/transactions`:
 * - roles (`allroles`, `togglerole/:id`, `storerole`, `getRoleRoles/:id`, `updaterole/:id`, `removerole`) and
 *   types (`alltypes`, `toggletype/:id`, `storetype`, `getTypeRoles/:id`, `updatetype/:id`, `removetype`), two
 *   status resources (server/http/status-routes.ts), deleted with the record as body;
 * - `allcountries` (the countries are seeded here, at start: server/modules/deals/countries.ts);
 * - `allfiles` (imported CSV files).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countryResponse, importedFileResponse } from '../../../contract/deals';
import { errorResponses } from '../../../contract/fields';
import type { AppContext } from '../../context';
import { registerStatusResource } from '../../http/status-routes';
import { allCountries, ensureCountries } from './countries';
import { allFiles } from './files';
import { rolesResource } from './roles';
import { typesResource } from './types';

const tags = ['Transactions'];

/** Registers the records' routes on `app` (under `/api/transactions`); seeds the countries first. */
export async function dealRecordRoutes(ctx: AppContext, app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  await ensureCountries(db);

  registerStatusResource(app, db, rolesResource);
  registerStatusResource(app, db, typesResource);

  r.get('/allcountries', { schema: { tags, response: { 200: z.array(countryResponse), ...errorResponses(401) } } }, async () => allCountries(db));
  r.get('/allfiles', { schema: { tags, response: { 200: z.array(importedFileResponse), ...errorResponses(401) } } }, async () => allFiles(db));
}
