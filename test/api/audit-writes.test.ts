/**
 * The audit trail inside the write (docs/audit.md; server/lib/audit.ts, server/http/audit.ts), as a user
 * meets it: the spec's GET writes (Synchroniser, Process, the deals' publication and its undo, discarding an import)
 * and the deletions of an import's review leave their entry; opening a page (the Synchroniser batches, the lists,
 * the exports) leaves none; each wrong second-factor code is recorded (never its value) with the same refusal; a
 * reveal that cannot be recorded discloses nothing; an entry and its write commit or roll back together.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActionLabel, auditDetailLines } from '../../contract/audit-text';
import { rowsOf } from '../../server/db/rows';
import { auditedWrite, runInAuditScope } from '../../server/lib/audit';
import { totpOf } from '../../server/modules/auth/mfa';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createDeal } from '../helpers/deals';
import { createCategory, csvText, importDone, utf8, type Category } from '../helpers/news';
import { validSiren } from '../helpers/sirens';

type Entry = { actor: string; admin_id: number | null; resource: string; resource_id: string | null; action: string; details: Record<string, unknown> | null; session_ref: string | null; ip: string | null };

let t: TestApp;
let root: Client;
let category: Category;
let seq = 0;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  category = await createCategory(root, 'Économie', 'Economy');
});
afterAll(async () => t?.close());

const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.ctx.db, query);
const lastId = async () => Number((await rows<{ id: number }>(sql`select coalesce(max(id), 0)::float8 as id from audit_log`))[0].id);
/** The entries of requests (not of a job's end) written after entry `after`, oldest first. */
const entriesAfter = (after: number) =>
  rows<Entry>(sql`select actor, admin_id, resource, resource_id, action, details, session_ref, ip from audit_log where id > ${after} and job_id is null order by id`);

/** A new administrator whose news file of `count` rows is imported (its rows in review). */
async function reviewing(count: number) {
  const a = await t.newAdmin();
  const lines = Array.from({ length: count }, () => [validSiren(++seq, 48_000_000), '', `Titre ${seq}`, category.name_fr, '', `https://www.example.com/ecrit/${seq}`, '15/07/2026']);
  const job = await importDone(a.client, 'revue.csv', utf8(csvText(lines)));
  const review = (await a.client.post('/api/news/filtertemporaries?page=1', {})).json() as { data: Array<{ id: number }> };
  return { ...a, job, ids: review.data.map((r) => r.id) };
}

describe('the writes a user makes through GET calls and the import review leave their entry', () => {
  it('Process, then Synchroniser: each with its count (and the batch it published)', async () => {
    const a = await reviewing(2);
    const before = await lastId();
    expect((await a.client.get('/api/news/process')).json().count).toBe(2);
    const sync = await a.client.get('/api/news/syncall');
    expect(sync.json().count).toBeGreaterThanOrEqual(2);
    const [batch] = await rows<{ id: string }>(sql`select id::text as id from news_sync_batches order by id desc limit 1`);
    expect((await entriesAfter(before)).map((e) => [e.admin_id, e.resource, e.action, e.resource_id, e.details?.count])).toEqual([
      [a.id, 'news_temporaries', 'process', null, 2],
      [a.id, 'news', 'sync', batch.id, sync.json().count],
    ]);
  });

  it('deleting review rows one by one and as a selection, then discarding the import with its row count', async () => {
    const a = await reviewing(4);
    const before = await lastId();
    expect((await a.client.get(`/api/news/remove/${a.ids[0]}`)).statusCode).toBe(200);
    expect((await a.client.post('/api/news/temporaries/bulkdelete', { ids: [a.ids[1], a.ids[2]] })).json().count).toBe(2);
    expect((await a.client.get('/api/news/cancel')).json().count).toBe(1);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => [e.resource, e.action, e.resource_id])).toEqual([
      ['news_temporaries', 'delete', String(a.ids[0])],
      ['news_temporaries', 'temporaries/bulkdelete', null],
      ['news_temporaries', 'discard', null],
    ]);
    expect(entries[1].details).toMatchObject({ count: 2 });
    expect(entries[2].details).toEqual({ count: 1, jobs: [a.job.id] });
  });

  it('publishing the deals (« insert all ») and « Annuler la dernière écriture », each with its batch and count', async () => {
    await createDeal(root);
    const before = await lastId();
    const published = (await root.get('/api/transactions/insert')).json() as number;
    const [batch] = await rows<{ id: string }>(sql`select id::text as id from deal_publish_batches order by id desc limit 1`);
    expect((await root.get('/api/transactions/purge')).json()).toBe(published);
    expect((await entriesAfter(before)).map((e) => [e.resource, e.action, e.resource_id, e.details?.count])).toEqual([
      ['deals', 'publish', batch.id, published],
      ['deals', 'publish_undo', batch.id, published],
    ]);
  });

  it('opening pages records nothing: the Synchroniser batches, the lists, the review, the exports', async () => {
    const a = await reviewing(1);
    const before = await lastId();
    for (const res of [
      await root.post('/api/news/syncbatches?page=1', {}),
      await root.post('/api/news/filter?page=1', {}),
      await a.client.post('/api/news/filtertemporaries?page=1', {}),
      await root.post('/api/transactions/filter?page=1', {}),
      await root.get('/api/news/export.csv'),
      await root.get('/api/transactions/export.csv'),
      await root.get('/api/news/syncbatches/export.csv'),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await entriesAfter(before)).toEqual([]);
  });
});

describe('each wrong second-factor code is recorded: the administrator, the session, the IP, never the code', () => {
  const WRONG = { message: 'Le code de vérification est invalide.', errors: { code: ['Le code de vérification est invalide.'] } };
  /** A code that is not the current one. */
  const wrongCode = (secret: string) => (totpOf(secret).generate() === '000000' ? '111111' : '000000');

  it('at the sign-in, the step-up, the enrolment and the disabling; the refusal answered is the same', async () => {
    const a = await t.newAdmin();
    const setup = (await a.client.post('/api/profile/mfa/setup')).json() as { secret: string };
    const before = await lastId();
    const enable = await a.client.post('/api/profile/mfa/enable', { code: wrongCode(setup.secret) });
    expect([enable.statusCode, enable.json()]).toEqual([422, WRONG]);
    expect((await a.client.post('/api/profile/mfa/enable', { code: totpOf(setup.secret).generate() })).statusCode).toBe(200);
    const stepUp = await a.client.post('/api/mfa/step-up', { code: wrongCode(setup.secret) });
    expect([stepUp.statusCode, stepUp.json()]).toEqual([422, WRONG]);
    const disable = await a.client.post('/api/profile/mfa/disable', { code: wrongCode(setup.secret) });
    expect([disable.statusCode, disable.json()]).toEqual([422, WRONG]);
    const signing = t.anon();
    expect((await signing.post('/api/login', { email: a.email, password: a.password })).statusCode).toBe(202);
    const code = await signing.post('/api/login/code', { code: 'abcde-fghij' });
    expect([code.statusCode, code.json()]).toEqual([422, WRONG]);

    const failed = (await entriesAfter(before)).filter((e) => e.action === 'mfa_failed');
    expect(failed.map((e) => [e.actor, e.admin_id, e.resource, e.resource_id, e.details])).toEqual(
      ['enable', 'step_up', 'disable', 'sign_in'].map((step) => ['admin', a.id, 'sessions', String(a.id), { step }]),
    );
    for (const e of failed) expect(e.ip).toBeTruthy();
    expect(auditActionLabel('mfa_failed')).toBe('Code de second facteur refusé');
    expect(auditDetailLines({ changes: null, details: failed[1].details })).toEqual(['étape\u00a0: opération sensible']);
    // The signed-in session for the first three; the pending sign-in's own for the last.
    const [signedIn] = await rows<{ ref: string }>(sql`select session_ref as ref from audit_log where admin_id = ${a.id} and action = 'sign_in' order by id limit 1`);
    const [pending] = await rows<{ ref: string }>(sql`select session_ref as ref from audit_log where admin_id = ${a.id} and action = 'sign_in' order by id desc limit 1`);
    expect(failed.map((e) => e.session_ref)).toEqual([signedIn.ref, signedIn.ref, signedIn.ref, pending.ref]);
    const text = (await rows<{ t: string }>(sql`select string_agg(coalesce(details::text, ''), ' ') as t from audit_log where action = 'mfa_failed'`))[0].t;
    expect(text).not.toMatch(/000000|111111|abcde/);
  });
});

describe('no disclosure without its record, no write without its entry', () => {
  /** Makes the database refuse the entries of `action` until the returned function is called. */
  async function refuseEntries(action: string): Promise<() => Promise<void>> {
    await t.ctx.db.execute(sql.raw(`create or replace function audit_refuse() returns trigger language plpgsql as $$
      begin if new.action = '${action}' then raise exception 'audit refused'; end if; return new; end $$`));
    await t.ctx.db.execute(sql`create trigger audit_refuse before insert on audit_log for each row execute function audit_refuse()`);
    return async () => {
      await t.ctx.db.execute(sql`drop trigger audit_refuse on audit_log`);
    };
  }

  it('records one reveal per answer of the customers’ secrets, before the answer: when it cannot, 500 and no secret', async () => {
    const customer = (await root.post('/api/customers/store', { name: 'Banque révélée' })).json() as { id: number; client_secret: string };
    const before = await lastId();
    expect((await root.get(`/api/customers/getUserRoles/${customer.id}`)).statusCode).toBe(200);
    expect((await entriesAfter(before)).map((e) => [e.resource, e.action, e.resource_id])).toEqual([['api_customers', 'reveal', String(customer.id)]]);
    const allow = await refuseEntries('reveal');
    try {
      for (const url of ['/api/customers/all', `/api/customers/getUserRoles/${customer.id}`]) {
        const res = await root.get(url);
        expect(res.statusCode, url).toBe(500);
        expect(res.body).not.toContain(customer.client_secret);
      }
    } finally {
      await allow();
    }
  });

  it('an entry that cannot be written rolls its write back: Synchroniser publishes nothing', async () => {
    const a = await reviewing(1);
    expect((await a.client.get('/api/news/process')).statusCode).toBe(200);
    const pending = async () => Number((await rows<{ n: number }>(sql`select count(*)::int as n from news`))[0].n);
    const waiting = await pending();
    const allow = await refuseEntries('sync');
    try {
      expect((await a.client.get('/api/news/syncall')).statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect(await pending()).toBe(waiting);
  });

  it('a write that fails after its entry, at its commit, leaves neither (Drizzle and `Sql` transactions alike)', async () => {
    // Checked at the commit, after every statement of the transaction (the entry included).
    await t.ctx.db.execute(sql`create function refuse_at_commit() returns trigger language plpgsql as $$
      begin if new.name like 'Refusé%' then raise exception 'refused at commit'; end if; return new; end $$`);
    await t.ctx.db.execute(sql`create constraint trigger refuse_at_commit after insert on groups deferrable initially deferred
      for each row execute function refuse_at_commit()`);
    try {
      const before = await lastId();
      const res = await root.post('/api/groups/store', { name: 'Refusé au commit' });
      expect(res.statusCode).toBe(500);
      const scope = { who: () => ({ actor: 'system' as const }), entries: [] };
      await expect(
        runInAuditScope(scope, () =>
          auditedWrite(t.ctx.database.sql, (tx) => tx.exec(`insert into groups (name) values ('Refusé par Sql')`), () => ({ resource: 'groups', action: 'create' })),
        ),
      ).rejects.toThrow();
      expect(scope.entries).toHaveLength(1);
      expect(await entriesAfter(before)).toEqual([]);
      expect(await rows(sql`select id from groups where name like 'Refusé%'`)).toEqual([]);
    } finally {
      await t.ctx.db.execute(sql`drop trigger refuse_at_commit on groups`);
      await t.ctx.db.execute(sql`drop function refuse_at_commit()`);
    }
  });
});
