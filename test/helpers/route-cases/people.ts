/**
 * Route cases (./kit.ts) of the people and the trail: sign-in and the second factor, the profile and its sessions,
 * administrators, API customers, the dashboard, the configuration, the update log, the audit trail and the jobs.
 */
import sharp from 'sharp';
import { newsImportJobDefinition } from '../../../server/modules/news/import-job';
import { multipart } from '../app';
import { newCustomer } from '../customer-api';
import { next, plain, prepared, type RouteCase } from './kit';

/** A small JPEG, as a browser sends a photo. */
const photo = () => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 90 } } }).jpeg().toBuffer();

const adminBody = () => ({ name: `Admin ${next()}`, email: `admin.audit${next()}@example.com`, password: 'un-mot-de-passe-long', status: 1 });

export const PEOPLE_CASES: Record<string, RouteCase> = {
  'GET /api/dashboard/stats': plain((k) => k.root.get('/api/dashboard/stats')),
  'GET /api/config': plain((k) => k.root.get('/api/config')),
  'GET /api/csrf-cookie': plain((k) => k.t.anon().get('/api/csrf-cookie')),

  // Sign-in, the second factor, sign-out.
  'POST /api/login': prepared(
    (k) => k.admin(),
    (k, a) => k.t.anon().post('/api/login', { email: a.email, password: a.password }),
  ),
  'POST /api/login/code': prepared(
    async (k) => {
      const a = await k.mfaAdmin();
      const c = k.t.anon();
      await c.post('/api/login', { email: a.email, password: a.password });
      return { c, code: await k.code(a.id, a.secret) };
    },
    (_k, { c, code }) => c.post('/api/login/code', { code }),
  ),
  'POST /api/mfa/step-up': prepared(
    async (k) => {
      const a = await k.mfaAdmin();
      return { a, code: await k.code(a.id, a.secret) };
    },
    (_k, { a, code }) => a.client.post('/api/mfa/step-up', { code }),
  ),
  'POST /api/logout': prepared(
    (k) => k.admin(),
    (_k, a) => a.client.post('/api/logout'),
  ),
  'POST /api/admins/:id/sessions/revoke': prepared(
    (k) => k.admin(),
    (k, a) => k.root.post(`/api/admins/${a.id}/sessions/revoke`),
  ),

  // The profile.
  'GET /api/profile/getAuthUser': plain((k) => k.root.get('/api/profile/getAuthUser')),
  'GET /api/profile/mfa': plain((k) => k.root.get('/api/profile/mfa')),
  'POST /api/profile/mfa/setup': prepared(
    (k) => k.admin(),
    (_k, a) => a.client.post('/api/profile/mfa/setup'),
  ),
  'POST /api/profile/mfa/enable': prepared(
    async (k) => {
      const a = await k.admin();
      const { secret } = await k.made<{ secret: string }>('/api/profile/mfa/setup', {}, a.client);
      return { a, code: await k.code(a.id, secret) };
    },
    (_k, { a, code }) => a.client.post('/api/profile/mfa/enable', { code }),
  ),
  'POST /api/profile/mfa/disable': prepared(
    async (k) => {
      const a = await k.mfaAdmin();
      return { a, code: await k.code(a.id, a.secret) };
    },
    (_k, { a, code }) => a.client.post('/api/profile/mfa/disable', { code }),
  ),
  'GET /api/profile/sessions': plain((k) => k.root.get('/api/profile/sessions')),
  'POST /api/profile/sessions/revoke-others': prepared(
    async (k) => {
      const a = await k.admin();
      await k.t.anon().login(a.email, a.password);
      return a;
    },
    (_k, a) => a.client.post('/api/profile/sessions/revoke-others'),
  ),
  'POST /api/profile/sessions/:sessionId/revoke': prepared(
    async (k) => {
      const a = await k.admin();
      await k.t.anon().login(a.email, a.password);
      const list = (await a.client.get('/api/profile/sessions')).json() as Array<{ id: string; current: boolean }>;
      return { a, other: list.find((s) => !s.current)!.id };
    },
    (_k, { a, other }) => a.client.post(`/api/profile/sessions/${other}/revoke`),
  ),
  'POST /api/profile/updateAuthUser': prepared(
    (k) => k.admin(),
    (_k, a) => a.client.post('/api/profile/updateAuthUser', { firstname: 'Léa', name: 'Nouveau nom', email: a.email }),
  ),
  'POST /api/profile/updatePasswordAuthUser': prepared(
    (k) => k.admin(),
    (_k, a) => a.client.post('/api/profile/updatePasswordAuthUser', { current: a.password, password: 'un-nouveau-mot-de-passe', password_confirmation: 'un-nouveau-mot-de-passe' }),
  ),
  'POST /api/profile/uploadAvatarAuthUser': prepared(
    async (k) => ({ a: await k.admin(), body: multipart('file', 'photo.jpg', 'image/jpeg', await photo()) }),
    (_k, { a, body }) => a.client.post('/api/profile/uploadAvatarAuthUser', undefined, body),
  ),
  'POST /api/profile/removeAvatarAuthUser': prepared(
    async (k) => {
      const a = await k.admin();
      const body = multipart('file', 'photo.jpg', 'image/jpeg', await photo());
      await a.client.post('/api/profile/uploadAvatarAuthUser', undefined, body);
      return a;
    },
    (_k, a) => a.client.post('/api/profile/removeAvatarAuthUser'),
  ),

  // Administrators.
  'GET /api/admins/all': plain((k) => k.root.get('/api/admins/all')),
  'POST /api/admins/store': plain((k) => k.root.post('/api/admins/store', adminBody())),
  'GET /api/admins/getUserRoles/:id': plain((k) => k.root.get('/api/admins/getUserRoles/1')),
  'POST /api/admins/togglestatus/:id': prepared(
    (k) => k.made('/api/admins/store', adminBody()),
    (k, a) => k.root.post(`/api/admins/togglestatus/${a.id}`),
  ),
  'POST /api/admins/update/:id': prepared(
    (k) => k.made<{ id: number; email: string }>('/api/admins/store', adminBody()),
    (k, a) => k.root.post(`/api/admins/update/${a.id}`, { name: 'Renommé', email: a.email }),
  ),
  'POST /api/admins/:id': prepared(
    (k) => k.made('/api/admins/store', adminBody()),
    (k, a) => k.root.post(`/api/admins/${a.id}`),
  ),

  // API customers: the list and one customer answer their secrets.
  'GET /api/customers/all': plain((k) => k.root.get('/api/customers/all')),
  'POST /api/customers/store': plain((k) => k.root.post('/api/customers/store', { name: `Banque ${next()}` })),
  'GET /api/customers/getUserRoles/:id': prepared(
    (k) => newCustomer(k.root),
    (k, c) => k.root.get(`/api/customers/getUserRoles/${c.id}`),
  ),
  'GET /api/customers/:id/usage': prepared(
    (k) => newCustomer(k.root),
    (k, c) => k.root.get(`/api/customers/${c.id}/usage`),
  ),
  'POST /api/customers/togglestatus/:id': prepared(
    (k) => newCustomer(k.root),
    (k, c) => k.root.post(`/api/customers/togglestatus/${c.id}`),
  ),
  'POST /api/customers/update/:id': prepared(
    (k) => newCustomer(k.root),
    (k, { id: _id, calls_today: _calls, ...c }) => k.root.post(`/api/customers/update/${_id}`, { ...c, name: `${c.name} bis` }),
  ),
  'POST /api/customers/:id': prepared(
    (k) => newCustomer(k.root),
    (k, c) => k.root.post(`/api/customers/${c.id}`),
  ),

  // The update log and the audit trail (reads).
  'GET /api/messages/getdatas': plain((k) => k.root.get('/api/messages/getdatas')),
  'POST /api/messages/filter': plain((k) => k.root.post('/api/messages/filter?page=1', {})),
  'GET /api/messages/export.csv': plain((k) => k.root.get('/api/messages/export.csv')),
  'POST /api/audit/filter': plain((k) => k.root.post('/api/audit/filter?page=1', {})),
  'GET /api/audit/export.csv': plain((k) => k.root.get('/api/audit/export.csv?admin_id=1')),

  // Jobs: one followed, one cancelled while it waits in the queue.
  'GET /api/jobs/:id': prepared(
    (k) => k.t.ctx.jobs.create(newsImportJobDefinition, null, { filename: 'suivi.csv' }),
    (k, job) => k.root.get(`/api/jobs/${job.id}`),
  ),
  'POST /api/jobs/:id/cancel': prepared(
    async (k) => k.t.ctx.jobs.create(newsImportJobDefinition, (await k.admin()).id, { filename: 'annule.csv' }),
    (k, job) => k.root.post(`/api/jobs/${job.id}/cancel`),
  ),
};
