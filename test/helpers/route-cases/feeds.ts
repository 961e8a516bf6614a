/**
 * Route cases (./kit.ts) of the supervision: the feed files, an upload held for confirmation (confirmed,
 * abandoned), the feed health, the company lookup, the RNE accounts (their list answers the passwords), the
 * reports, the differential queues with their bulk actions, and the feed push.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { multipart } from '../app';
import { FAKE_RNE_ACCOUNT } from '../fake-rne-server';
import { validSiren } from '../sirens';
import { BODACC_SALES, FEED_TOKEN, next, plain, prepared, type RouteCase } from './kit';

const account = () => ({ pool: 'officers', email: `compte${next()}@example.com`, password: `pw-${next()}-secret` });

export const FEED_CASES: Record<string, RouteCase> = {
  // Feed files and uploads.
  'GET /api/supervisions/bodaccall': plain((k) => k.root.get('/api/supervisions/bodaccall')),
  'GET /api/supervisions/inseeCompanies': plain((k) => k.root.get('/api/supervisions/inseeCompanies')),
  'GET /api/supervisions/inseeLocations': plain((k) => k.root.get('/api/supervisions/inseeLocations')),
  'GET /api/supervisions/health': plain((k) => k.root.get('/api/supervisions/health')),
  'GET /api/supervisions/jobs': plain((k) => k.root.get('/api/supervisions/jobs')),
  'POST /api/supervisions/import/:feed': plain((k) =>
    k.root.call('POST', '/api/supervisions/import/bodacc', undefined, multipart('file', 'ventes.xml', 'application/xml', fs.readFileSync(BODACC_SALES))),
  ),
  // Abandoned before the other is confirmed: once committed, the bulletin adds nothing and asks no more.
  'POST /api/supervisions/jobs/:id/abandon': prepared(
    (k) => k.waitingBodacc(),
    (k, job) => k.root.post(`/api/supervisions/jobs/${job.id}/abandon`, {}),
  ),
  'POST /api/supervisions/jobs/:id/confirm': prepared(
    (k) => k.waitingBodacc(),
    (k, job) => k.root.post(`/api/supervisions/jobs/${job.id}/confirm`, {}),
  ),
  'GET /api/companies/:siren': prepared(
    async (k) => {
      const siren = validSiren(next(), 45_000_000);
      await k.t.ctx.db.execute(sql`insert into companies (siren, name) values (${siren}, 'ACME AUDIT')`);
      return siren;
    },
    (k, siren) => k.root.get(`/api/companies/${siren}`),
  ),

  // RNE accounts: the first table's list answers the passwords in clear.
  'GET /api/supervisions/inpiall': plain((k) => k.root.get('/api/supervisions/inpiall')),
  'GET /api/supervisions/rneall': plain((k) => k.root.get('/api/supervisions/rneall')),
  'POST /api/supervisions/rne/accounts': plain((k) => k.root.post('/api/supervisions/rne/accounts', account())),
  'POST /api/supervisions/rne/accounts/:id': prepared(
    (k) => k.made('/api/supervisions/rne/accounts', account()),
    (k, a) => k.root.post(`/api/supervisions/rne/accounts/${a.id}`, { pool: 'officers', email: `renomme${next()}@example.com` }),
  ),
  'POST /api/supervisions/rne/accounts/:id/toggle': prepared(
    (k) => k.made('/api/supervisions/rne/accounts', account()),
    (k, a) => k.root.post(`/api/supervisions/rne/accounts/${a.id}/toggle`),
  ),
  'POST /api/supervisions/rne/accounts/:id/delete': prepared(
    (k) => k.made('/api/supervisions/rne/accounts', account()),
    (k, a) => k.root.post(`/api/supervisions/rne/accounts/${a.id}/delete`),
  ),
  'GET /api/supervisions/syncInpiAccount/:id': prepared(
    (k) => k.made('/api/supervisions/rne/accounts', { pool: 'filings', email: FAKE_RNE_ACCOUNT.username, password: FAKE_RNE_ACCOUNT.password }),
    (k, a) => k.root.get(`/api/supervisions/syncInpiAccount/${a.id}`),
  ),

  // Reports and exports.
  'GET /api/supervisions/reportsall': plain((k) => k.root.get('/api/supervisions/reportsall')),
  'GET /api/supervisions/dirigeantsall': plain((k) => k.root.get('/api/supervisions/dirigeantsall')),
  'GET /api/supervisions/liveinpiall': plain((k) => k.root.get('/api/supervisions/liveinpiall')),
  'GET /api/supervisions/download-csv': plain((k) => k.root.get('/api/supervisions/download-csv')),
  'GET /api/supervisions/queues/officers/live/export.csv': plain((k) => k.root.get('/api/supervisions/queues/officers/live/export.csv')),
  'GET /api/supervisions/queues/:queue/export.csv': plain((k) => k.root.get('/api/supervisions/queues/officers/export.csv')),
  'GET /api/supervisions/queues/:queue/parked/export.csv': plain((k) => k.root.get('/api/supervisions/queues/officers/parked/export.csv')),

  // The differential queues.
  'POST /api/supervisions/queues/officers/live/filter': plain((k) => k.root.post('/api/supervisions/queues/officers/live/filter?page=1', {})),
  'POST /api/supervisions/queues/:queue/filter': plain((k) => k.root.post('/api/supervisions/queues/officers/filter?page=1', {})),
  'POST /api/supervisions/queues/:queue/parked/filter': plain((k) => k.root.post('/api/supervisions/queues/officers/parked/filter?page=1', {})),
  'POST /api/supervisions/queues/:queue/waiting/filter': plain((k) => k.root.post('/api/supervisions/queues/officers/waiting/filter?page=1', {})),
  'POST /api/supervisions/queues/:queue/sirens': plain((k) =>
    k.root.post('/api/supervisions/queues/accounts/sirens', { sirens: [validSiren(next(), 46_000_000)] }),
  ),
  'POST /api/supervisions/queues/:queue/requeue/:id': prepared(
    (k) => k.queueEntry('parked'),
    (k, id) => k.root.post(`/api/supervisions/queues/officers/requeue/${id}`),
  ),
  'POST /api/supervisions/queues/:queue/parked/bulk/:action': prepared(
    (k) => k.queueEntry('parked'),
    (k, id) => k.root.post('/api/supervisions/queues/officers/parked/bulk/remove', { ids: [id] }),
  ),
  'POST /api/supervisions/queues/:queue/waiting/bulk/remove': prepared(
    (k) => k.queueEntry('waiting'),
    (k, id) => k.root.post('/api/supervisions/queues/officers/waiting/bulk/remove', { ids: [id] }),
  ),
  'POST /api/feeds/queues/:queue': plain((k) =>
    k.t.app.inject({
      method: 'POST',
      url: '/api/feeds/queues/officers',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${FEED_TOKEN}` },
      payload: JSON.stringify({ sirens: [validSiren(next(), 47_000_000)] }),
    }),
  ),
};
