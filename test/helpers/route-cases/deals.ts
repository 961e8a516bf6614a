/**
 * Route cases (./kit.ts) of the deals (SPEC section 7 "Transactions"): roles, types, deals, the list's bulk action,
 * publication and its undo, the CSV import, the BODACC transaction rows and the exports.
 */
import { multipart } from '../app';
import { createDeal, createRole, createType, dealPayload, payloadOf } from '../deals';
import { plain, prepared, type RouteCase } from './kit';

export const DEAL_CASES: Record<string, RouteCase> = {
  // Roles and types (status resources; deleted with the record as body).
  'GET /api/transactions/allroles': plain((k) => k.root.get('/api/transactions/allroles')),
  'GET /api/transactions/alltypes': plain((k) => k.root.get('/api/transactions/alltypes')),
  'POST /api/transactions/storerole': plain((k) => k.root.post('/api/transactions/storerole', { name: `Rôle ${Date.now()}`, display_name: 'Acquéreur', status: 1 })),
  'POST /api/transactions/storetype': plain((k) => k.root.post('/api/transactions/storetype', { name: `Type ${Date.now()}`, status: 1 })),
  'GET /api/transactions/getRoleRoles/:id': prepared(
    (k) => createRole(k.root),
    (k, r) => k.root.get(`/api/transactions/getRoleRoles/${r.id}`),
  ),
  'GET /api/transactions/getTypeRoles/:id': prepared(
    (k) => createType(k.root),
    (k, r) => k.root.get(`/api/transactions/getTypeRoles/${r.id}`),
  ),
  'POST /api/transactions/togglerole/:id': prepared(
    (k) => createRole(k.root),
    (k, r) => k.root.post(`/api/transactions/togglerole/${r.id}`),
  ),
  'POST /api/transactions/toggletype/:id': prepared(
    (k) => createType(k.root),
    (k, r) => k.root.post(`/api/transactions/toggletype/${r.id}`),
  ),
  'POST /api/transactions/updaterole/:id': prepared(
    (k) => createRole(k.root),
    (k, r) => k.root.post(`/api/transactions/updaterole/${r.id}`, { name: `${r.name} bis`, display_name: 'Cédant', status: 1 }),
  ),
  'POST /api/transactions/updatetype/:id': prepared(
    (k) => createType(k.root),
    (k, r) => k.root.post(`/api/transactions/updatetype/${r.id}`, { name: `${r.name} bis`, status: 1 }),
  ),
  'POST /api/transactions/removerole': prepared(
    (k) => createRole(k.root),
    (k, r) => k.root.post('/api/transactions/removerole', r),
  ),
  'POST /api/transactions/removetype': prepared(
    (k) => createType(k.root),
    (k, r) => k.root.post('/api/transactions/removetype', r),
  ),

  // Deals, one at a time and as a selection.
  'GET /api/transactions/allcountries': plain((k) => k.root.get('/api/transactions/allcountries')),
  'POST /api/transactions/storedeal': plain((k) => k.root.post('/api/transactions/storedeal', dealPayload())),
  'GET /api/transactions/getDealRoles/:id': prepared(
    (k) => createDeal(k.root),
    (k, d) => k.root.get(`/api/transactions/getDealRoles/${d.id}`),
  ),
  'POST /api/transactions/updatedeal/:id': prepared(
    (k) => createDeal(k.root),
    (k, d) => k.root.post(`/api/transactions/updatedeal/${d.id}`, { ...payloadOf(d), amount: 42 }),
  ),
  'POST /api/transactions/toggledeal/:id': prepared(
    (k) => createDeal(k.root),
    (k, d) => k.root.post(`/api/transactions/toggledeal/${d.id}`),
  ),
  'POST /api/transactions/removedeal': prepared(
    (k) => createDeal(k.root),
    (k, d) => k.root.post('/api/transactions/removedeal', { id: d.id }),
  ),
  'POST /api/transactions/bulk/:action': prepared(
    async (k) => [await createDeal(k.root), await createDeal(k.root)],
    (k, deals) => k.root.post('/api/transactions/bulk/deactivate', { ids: deals.map((d) => d.entities[0].id) }),
  ),
  'POST /api/transactions/filter': plain((k) => k.root.post('/api/transactions/filter?page=1', {})),
  'GET /api/transactions/export.csv': plain((k) => k.root.get('/api/transactions/export.csv')),
  'GET /api/transactions/stats': plain((k) => k.root.get('/api/transactions/stats')),

  // Publication (« insert all ») and « Annuler la dernière écriture ».
  'GET /api/transactions/insert': prepared(
    (k) => createDeal(k.root),
    (k) => k.root.get('/api/transactions/insert'),
  ),
  'GET /api/transactions/purge': prepared(
    async (k) => {
      await createDeal(k.root);
      await k.root.get('/api/transactions/insert');
    },
    (k) => k.root.get('/api/transactions/purge'),
  ),

  // The CSV import (the template imports as it is) and the files it recorded.
  'GET /api/transactions/template': plain((k) => k.root.get('/api/transactions/template')),
  'POST /api/transactions/import': prepared(
    async (k) => {
      const a = await k.admin();
      // The template's role and type names (taken already when an earlier call made them).
      await k.root.post('/api/transactions/storerole', { name: 'Acquéreur', display_name: 'Acquéreur', status: 1 });
      await k.root.post('/api/transactions/storerole', { name: 'Cible', display_name: 'Cible', status: 1 });
      await k.root.post('/api/transactions/storetype', { name: 'Acquisition', status: 1 });
      const template = (await k.root.get('/api/transactions/template')).rawPayload;
      // The template's deals already exist after one import: a file of the same rows under new identifiers.
      const csv = template.toString('utf8').replace(/EXEMPLE-2026-/g, `AUDIT-${Date.now()}-`);
      return { a, body: multipart('file', 'transactions.csv', 'text/csv', Buffer.from(csv, 'utf8')) };
    },
    (_k, { a, body }) => a.client.post('/api/transactions/import', undefined, body),
  ),
  'GET /api/transactions/importjob': plain((k) => k.root.get('/api/transactions/importjob')),
  'GET /api/transactions/allfiles': plain((k) => k.root.get('/api/transactions/allfiles')),

  // BODACC transaction rows: deleted restorably, restored.
  'POST /api/transactions/filterbodacc': plain((k) => k.root.post('/api/transactions/filterbodacc?page=1', {})),
  'POST /api/transactions/filterdeletedbodacc': plain((k) => k.root.post('/api/transactions/filterdeletedbodacc?page=1', {})),
  'GET /api/transactions/bodacc/export.csv': plain((k) => k.root.get('/api/transactions/bodacc/export.csv')),
  'GET /api/transactions/bodacc/deleted/export.csv': plain((k) => k.root.get('/api/transactions/bodacc/deleted/export.csv')),
  'POST /api/transactions/removebodacc': prepared(
    (k) => k.bodaccRow(),
    (k, id) => k.root.post('/api/transactions/removebodacc', { id }),
  ),
  'POST /api/transactions/restorebodacc': prepared(
    async (k) => {
      const id = await k.bodaccRow();
      await k.made('/api/transactions/removebodacc', { id });
      return id;
    },
    (k, id) => k.root.post('/api/transactions/restorebodacc', { id }),
  ),
};
