/**
 * The audit trail (docs/audit.md; server/lib/audit.ts, server/http/audit.ts, server/modules/audit):
 * every write through the API leaves one entry (who, when, from where, what, field changes with secrets masked),
 * in the write's transaction; the database refuses UPDATE, DELETE and TRUNCATE of the log except the retention
 * purge; a feed import is recorded under the system actor with its job id; reading secrets is recorded; the
 * « Journal d’audit » list filters, sorts and exports.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import type { Db } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { parisDay } from '../../server/lib/paris-day';
import { groupsResource } from '../../server/modules/groups/service';
import { purgeAudit } from '../../server/modules/audit/retention';
import { FEED_BODACC } from '../../server/modules/feeds/kinds';
import { createTestApp, SUPER_EMAIL, type Client, type TestApp } from '../helpers/app';
import { createDeal, payloadOf, readDeal } from '../helpers/deals';
import { runFeedFile } from '../helpers/feed-job';
import { refusal } from '../helpers/db';
import { dayBefore } from '../helpers/paris-day';
import { validSiren } from '../helpers/sirens';

const SALES = path.join(__dirname, '../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml');
const TOKEN = 'audit-feed-token-0123456789abcdef';

let t: TestApp;
let root: Client;
/** The super administrator's id (SPEC section 5). */
const rootId = 1;
beforeAll(async () => {
  t = await createTestApp({ FEED_TOKEN: TOKEN });
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

/** The entries of one resource and id, oldest first (read through the list route). */
async function entriesOf(resource: string, id: string | number): Promise<AuditEntry[]> {
  const res = await root.post(`/api/audit/filter?resource=${resource}&resource_id=${id}`, { orderBy: { column: 'id', direction: 'asc' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The number of rows of the log. */
async function count(db: Db = t.ctx.db): Promise<number> {
  return Number((await rowsOf<{ n: string }>(db, sql`select count(*) as n from audit_log`))[0].n);
}

describe('writes through the shared helpers', () => {
  it('records a create (after only), an update (before → after), a toggle and a delete, by the signed-in administrator', async () => {
    const created = await root.post('/api/admins/store', { name: 'Durand', firstname: 'Léa', email: 'lea.audit@example.com', password: 'un-mot-de-passe-long', status: 1 }, {
      headers: { 'user-agent': 'AuditTest/1.0' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const updated = await root.post(`/api/admins/update/${id}`, { name: 'Durand-Martin', firstname: 'Léa', email: 'lea.audit@example.com', password: 'encore-un-autre-mot', status: 1 });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await root.post(`/api/admins/togglestatus/${id}`)).statusCode).toBe(200);
    expect((await root.post(`/api/admins/${id}`)).statusCode).toBe(200);

    const entries = await entriesOf('admins', id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'status', 'delete']);
    const [create, update, toggle, remove] = entries;
    expect(create).toMatchObject({ actor: 'admin', admin_id: rootId, admin_email: SUPER_EMAIL, resource: 'admins', resource_id: String(id), user_agent: 'AuditTest/1.0' });
    expect(create.ip).toBeTruthy();
    expect(create.session_ref).toMatch(/^[0-9a-f]{16}$/);
    expect(create.changes).toMatchObject({ name: [null, 'Durand'], email: [null, 'lea.audit@example.com'], password: [null, '[masqué]'] });
    expect(Date.parse(create.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(update.changes).toEqual({ name: ['Durand', 'Durand-Martin'], password: ['[masqué]', '[masqué]'] });
    expect(toggle.changes).toEqual({ status: [1, 0] });
    expect(remove.changes).toMatchObject({ name: ['Durand-Martin', null], email: ['lea.audit@example.com', null] });
    // No password in clear anywhere in the log.
    const raw = await rowsOf<{ t: string }>(t.ctx.db, sql`select string_agg(coalesce(changes::text, '') || coalesce(details::text, ''), ' ') as t from audit_log`);
    expect(raw[0].t).not.toContain('un-mot-de-passe-long');
    expect(raw[0].t).not.toContain('encore-un-autre-mot');
  });

  it('masks the customers’ secrets (create and update), and records each read of them (reveal)', async () => {
    const c = (await root.post('/api/customers/store', { name: 'Banque Audit' })).json();
    const next = { ...c, name: 'Banque Audit 2', client_secret: 'S'.repeat(40) };
    delete next.id;
    const res = await root.post(`/api/customers/update/${c.id}`, next);
    expect(res.statusCode, res.body).toBe(200);
    const [create, update] = await entriesOf('api_customers', c.id);
    expect(create.changes?.client_secret).toEqual([null, '[masqué]']);
    expect(create.changes?.client_id).toEqual([null, c.client_id]);
    expect(update.changes).toEqual({ name: ['Banque Audit', 'Banque Audit 2'], client_secret: ['[masqué]', '[masqué]'] });
    const raw = await rowsOf<{ t: string }>(t.ctx.db, sql`select string_agg(coalesce(changes::text, ''), ' ') as t from audit_log`);
    expect(raw[0].t).not.toContain(c.client_secret);
    expect(raw[0].t).not.toContain('S'.repeat(40));

    const before = await count();
    expect((await root.get('/api/customers/all')).statusCode).toBe(200);
    expect((await root.get(`/api/customers/getUserRoles/${c.id}`)).statusCode).toBe(200);
    expect((await root.get('/api/supervisions/inpiall')).statusCode).toBe(200);
    const reveals = (await root.post('/api/audit/filter?action=reveal', { orderBy: { column: 'id', direction: 'desc' }, pagination: { per_page: 10 } })).json().data as AuditEntry[];
    expect(await count()).toBe(before + 3);
    expect(reveals.slice(0, 3).map((e) => [e.resource, e.resource_id, e.admin_email])).toEqual([
      ['rne_accounts', null, SUPER_EMAIL],
      ['api_customers', String(c.id), SUPER_EMAIL],
      ['api_customers', null, SUPER_EMAIL],
    ]);
  });

  it('records a deal’s update with its fields before → after, and a bulk action as one entry with its count and selection (no ids)', async () => {
    const deal = await createDeal(root);
    const upd = await root.post(`/api/transactions/updatedeal/${deal.id}`, { ...payloadOf(deal), amount: 42 });
    expect(upd.statusCode, upd.body).toBe(200);
    const [create, update] = await entriesOf('deals', deal.id);
    expect(create.action).toBe('create');
    expect(update.changes?.amount).toEqual([deal.amount, (await readDeal(root, deal.id)).amount]);

    const other = await createDeal(root);
    const before = await count();
    const res = await root.post('/api/transactions/bulk/deactivate', { ids: [...deal.entities, ...other.entities].map((e) => e.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count()).toBe(before + 1);
    const [bulk] = (await root.post('/api/audit/filter?resource=deals', { orderBy: { column: 'id', direction: 'desc' } })).json().data as AuditEntry[];
    expect(bulk).toMatchObject({ action: 'bulk/deactivate', details: { count: 2, target: 'deals', change: 'deactivate', selection: { ticked: 2 } } });
  });

  it('records a write of a module’s own as its route declares it, and no entry for a list read through POST', async () => {
    const g = (await root.post('/api/groups/store', { name: 'Groupe audit' })).json();
    const before = await count();
    expect((await root.post('/api/groups/addsirens', { id: g.id, sirens: [validSiren(7)] })).statusCode).toBe(200);
    expect((await root.post(`/api/groups/filtersirens/${g.id}?page=1`, {})).statusCode).toBe(200);
    expect((await root.post('/api/messages/filter?page=1', {})).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
    const entries = await entriesOf('groups', g.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'add_sirens']);
    expect(entries[1].details).toEqual({ count: 1, already_present: 0 });
  });

  it('records nothing for a refused write (422) nor for a write rolled back after its entry', async () => {
    const before = await count();
    const res = await root.post('/api/admins/store', { name: '', email: 'pas-un-email', password: 'x' });
    expect(res.statusCode).toBe(422);
    expect(await count()).toBe(before);
    // A create whose transaction rolls back afterwards: its entry goes with it.
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await groupsResource.create(tx as unknown as Db, { name: 'Annulé', status: 1 } as never);
        expect(await count(tx as unknown as Db)).toBe(before + 1);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await count()).toBe(before);
  });
});

describe('system actor', () => {
  it('records a feed import as one entry under the system actor with its job id', async () => {
    const before = await count();
    const job = await runFeedFile(t.ctx, FEED_BODACC, SALES);
    expect(job.state).toBe('done');
    expect(await count()).toBe(before + 1);
    const [entry] = await entriesOf(FEED_BODACC, job.id);
    expect(entry).toMatchObject({ actor: 'system', job_id: job.id, admin_id: null, action: 'job', details: { source: FEED_BODACC } });
  });

  it('records the feed push (bearer token) under the system actor `feed-push`', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/feeds/queues/officers',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      payload: JSON.stringify({ sirens: [validSiren(11)] }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = (await root.post('/api/audit/filter?resource=rne_queue', { orderBy: { column: 'id', direction: 'desc' } })).json().data as AuditEntry[];
    expect(entry).toMatchObject({ actor: 'system', admin_id: null, action: 'push', resource_id: 'officers', details: { source: 'feed-push', queue: 'officers', count: 1 } });
  });
});


describe('append-only table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE; the purge deletes only what is older than the retention, and records itself', async () => {
    for (const statement of [sql`update audit_log set action = 'x'`, sql`delete from audit_log`, sql`truncate audit_log`]) {
      expect(await refusal(t.ctx.db, statement)).toMatch(/audit_log is append-only/);
    }
    await t.ctx.db.execute(sql`insert into audit_log (actor, resource, action, created_at) values ('system', 'old', 'create', now() - interval '500 days')`);
    const before = await count();
    expect(await purgeAudit(t.ctx.db, 400)).toBe(1);
    expect(await count()).toBe(before - 1 + 1);
    const [purge] = await rowsOf<{ action: string; details: { count: number } }>(t.ctx.db, sql`select action, details from audit_log order by id desc limit 1`);
    expect(purge).toMatchObject({ action: 'purge', details: { count: 1, retention_days: 400, source: 'audit-purge' } });
    // The purge's setting ended with its transaction.
    expect(await refusal(t.ctx.db, sql`delete from audit_log`)).toMatch(/append-only \(DELETE refused\)/);
  });

  it('schedules the daily purge in pg-boss when a retention is set', async () => {
    const other = await createTestApp({ AUDIT_RETENTION_DAYS: '30', AUDIT_PURGE_CRON: '20 4 * * *' });
    try {
      const rows = await rowsOf<unknown>(other.ctx.db, sql`select name, cron, timezone from pgboss.schedule where name = 'audit-purge'`);
      expect(rows).toEqual([{ name: 'audit-purge', cron: '20 4 * * *', timezone: 'Europe/Paris' }]);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/audit/filter and its export', () => {
  it('filters by administrator, action and date, sorts, and refuses an unknown column or a bad date', async () => {
    const other = await t.newAdmin();
    const g = (await other.client.post('/api/groups/store', { name: 'Groupe d’un autre' })).json();
    const mine = (await root.post(`/api/audit/filter?admin_id=${other.id}`, {})).json();
    // Newest first: the group, then the sign-in that opened the session.
    expect(mine.data.map((e: AuditEntry) => [e.resource, e.resource_id, e.admin_email])).toEqual([
      ['groups', String(g.id), other.email],
      ['sessions', String(other.id), other.email],
    ]);
    // The days are Paris days: the group's creation is found on the Paris day of its own date (the day of the run,
    // read from the entry so that a run across midnight finds it too), and not on the day before.
    const day = parisDay(new Date(mine.data[0].created_at));
    const inDay = (await root.post(`/api/audit/filter?admin_id=${other.id}&action=create&from=${day}&to=${day}`, {})).json();
    expect(inDay.total).toBe(1);
    const before = dayBefore(day, 1);
    expect((await root.post(`/api/audit/filter?admin_id=${other.id}&action=create&from=${before}&to=${before}`, {})).json().total).toBe(0);
    expect((await root.post(`/api/audit/filter?admin_id=${other.id}&to=2000-01-01`, {})).json().total).toBe(0);
    const byEmail = (await root.post('/api/audit/filter', { orderBy: { column: 'admin_email', direction: 'asc' } })).json().data as AuditEntry[];
    const emails = byEmail.map((e) => e.admin_email ?? '\uffff');
    expect(emails).toEqual([...emails].sort());
    expect((await root.post('/api/audit/filter', { orderBy: { column: 'ip' } })).statusCode).toBe(422);
    const bad = await root.post('/api/audit/filter?from=2026-02-31', {});
    expect(bad.statusCode).toBe(422);
  });

  it('exports the filtered entries as CSV with « champ : avant → après »', async () => {
    const g = (await root.post('/api/groups/store', { name: 'Export A' })).json();
    expect((await root.post(`/api/groups/update/${g.id}`, { name: 'Export B', status: 1 })).statusCode).toBe(200);
    const res = await root.get(`/api/audit/export.csv?resource=groups&resource_id=${g.id}&column=id&direction=asc`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split(/\r\n/);
    expect(lines[0]).toBe('Date;Administrateur;Action;Ressource;Identifiant;Détail;IP');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`${SUPER_EMAIL};Modification;Groupes;${g.id};name\u00a0: Export A → Export B;`);
  });

  it('gives the planner’s estimate as the unfiltered total of a big log (flagged), an exact total once filtered', async () => {
    await t.ctx.db.execute(sql`insert into audit_log (actor, resource, resource_id, action)
      select 'system', 'bulk-test', (i % 10)::text, 'create' from generate_series(1, 100000) i`);
    await t.ctx.db.execute(sql`analyze audit_log`);
    const all = (await root.post('/api/audit/filter', { pagination: { per_page: 10 } })).json();
    expect(all.total_is_estimate).toBe(true);
    expect(all.total).toBeGreaterThan(90_000);
    expect(all.data).toHaveLength(10);
    const one = (await root.post('/api/audit/filter?resource=bulk-test&resource_id=3', { pagination: { per_page: 10 } })).json();
    expect(one.total_is_estimate).toBeUndefined();
    expect(one.total).toBe(10_000);
  });

  it('indexes every filter and sort column', async () => {
    const rows = await rowsOf<{ indexdef: string }>(t.ctx.db, sql`select indexdef from pg_indexes where tablename = 'audit_log'`);
    const defs = rows.map((r) => r.indexdef).join('\n');
    for (const cols of ['created_at, id', 'admin_id, id', 'admin_email, id', 'resource, id', 'resource, resource_id, id', 'action, id']) {
      expect(defs).toContain(`(${cols})`);
    }
  });
});

describe('sign-in steps', () => {
  it('records the sign-in and the sign-out of an administrator, with the IP, the user agent and the session', async () => {
    const { id, email, client } = await t.newAdmin();
    const out = await client.post('/api/logout', undefined, { headers: { 'user-agent': 'AuditSignOut/2.0' } });
    expect(out.statusCode, out.body).toBe(204);
    const entries = await entriesOf('sessions', id);
    expect(entries.map((e) => [e.action, e.actor, e.admin_email])).toEqual([
      ['sign_in', 'admin', email],
      ['sign_out', 'admin', email],
    ]);
    expect(entries[1].user_agent).toBe('AuditSignOut/2.0');
    expect(entries[0].ip).toBeTruthy();
    // The session opened by the sign-in is the one the sign-out closed.
    expect(entries[0].session_ref).toMatch(/^[0-9a-f]{16}$/);
    expect(entries[1].session_ref).toBe(entries[0].session_ref);
  });
});
