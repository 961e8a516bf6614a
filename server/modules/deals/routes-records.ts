/**
 * Routes of the deals module's records (SPEC section 7 "Transactions"), under
 * `/api/transactions`:
 * - roles (`allroles`, `togglerole/:id`, `storerole`, `getRoleRoles/:id`, `updaterole/:id`, `removerole`) and
 *   types (`alltypes`, `toggletype/:id`, `storetype`, `getTypeRoles/:id`, `updatetype/:id`, `removetype`), two
 *   status resources (server/http/status-routes.ts), deleted with the record as body;
 * - deals: `getDealRoles/:id`, `storedeal` (201), `updatedeal/:id`, `toggledeal/:id`, `removedeal` (body the deal,
 *   only `id` read). Their body is checked in the handler (server/modules/deals/deals.ts `parseDeal`), so that
 *   an entity's error is keyed `entities.0.siren`; the route keeps `dealBody` as its documented schema;
 * - `bulk/{activate|deactivate|delete}`: the deals of the list's ticked rows, or of its whole search (./bulk.ts);
 * - `allcountries` (the countries are seeded here, at start: server/modules/deals/countries.ts);
 * - `allfiles` (imported CSV files).
 * Each write declares its audit entry (server/http/audit.ts): `deals` with the deal's id for one deal (written by
 * ./deals.ts in its transaction), and the list's bulk action with its count and selection (server/http/bulk.ts).
 */
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bulkBody, bulkResponse } from '../../../contract/bulk';
import { countryResponse, dealBody, dealResponse, importedFileResponse } from '../../../contract/deals';
import { errorResponses, idParams, messageBody } from '../../../contract/fields';
import type { AppContext } from '../../context';
import { bodyId, paramId } from '../../http/audit';
import { DONE_MESSAGE, recordIdBody, registerStatusResource } from '../../http/status-routes';
import { createDeal, getDeal, removeDeal, toggleDeal, updateDeal } from './deals';
import { bulkDeals, bulkDealsMessage } from './bulk';
import { allCountries, ensureCountries } from './countries';
import { allFiles } from './files';
import { rolesResource } from './roles';
import { typesResource } from './types';

const tags = ['Transactions'];

/**
 * Route validator of the deal writes: the body passes as sent (the handler checks it with `parseDeal`, which
 * keys nested errors with dots); params and querystring keep the app's zod validation.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the route's schema type varies per route
const bodyInHandler: FastifySchemaCompiler<any> = (route) =>
  route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route);

/** Registers the records' routes on `app` (under `/api/transactions`); seeds the countries first. */
export async function dealRecordRoutes(ctx: AppContext, app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  await ensureCountries(db);

  registerStatusResource(app, db, rolesResource);
  registerStatusResource(app, db, typesResource);

  const dealWrite = { 200: dealResponse, ...errorResponses(401, 404, 419, 422) };
  r.get('/getDealRoles/:id', { schema: { tags, params: idParams, response: { 200: dealResponse, ...errorResponses(401, 404) } } }, async (req) =>
    getDeal(db, req.params.id),
  );
  r.post(
    '/storedeal',
    { config: { audit: { resource: 'deals', action: 'create' } }, schema: { tags, body: dealBody, response: { 201: dealResponse, ...errorResponses(401, 419, 422) } }, validatorCompiler: bodyInHandler },
    async (req, reply) => reply.status(201).send(await createDeal(db, req.body)),
  );
  r.post(
    '/updatedeal/:id',
    { config: { audit: { resource: 'deals', action: 'update', id: paramId() } }, schema: { tags, params: idParams, body: dealBody, response: dealWrite }, validatorCompiler: bodyInHandler },
    async (req) => updateDeal(db, req.params.id, req.body),
  );
  r.post('/toggledeal/:id', { config: { audit: { resource: 'deals', action: 'status', id: paramId() } }, schema: { tags, params: idParams, response: dealWrite } }, async (req) => toggleDeal(db, req.params.id));
  r.post('/removedeal', { config: { audit: { resource: 'deals', action: 'delete', id: bodyId } }, schema: { tags, body: recordIdBody, response: { 200: messageBody, ...errorResponses(401, 404, 419, 422) } } }, async (req) => {
    await removeDeal(db, req.body.id);
    return { message: DONE_MESSAGE };
  });

  r.post(
    '/bulk/:action',
    { config: { audit: { resource: 'deals', action: (req) => `bulk/${(req.params as { action: string }).action}` } }, schema: { tags, params: z.object({ action: z.enum(['activate', 'deactivate', 'delete'], { error: 'Action inconnue.' }) }), body: bulkBody, response: { 200: bulkResponse, ...errorResponses(401, 419, 422) } } },
    async (req) => {
      const count = await bulkDeals(db, req.params.action, req.body);
      return { count, message: bulkDealsMessage(req.params.action, count) };
    },
  );
  r.get('/allcountries', { schema: { tags, response: { 200: z.array(countryResponse), ...errorResponses(401) } } }, async () => allCountries(db));
  r.get('/allfiles', { schema: { tags, response: { 200: z.array(importedFileResponse), ...errorResponses(401) } } }, async () => allFiles(db));
}
