/**
 * The records a bulk action touched (server/http/bulk.ts, table `audit_targets`): a bulk action over N rows leaves
 * ONE audit entry (its count, the change made, its selection as the count of ticked rows or the search with the
 * count of unticked rows: never an id list) and its N target ids, in the action's transaction; the history of a
 * record (the audit list filtered on its resource and id) lists the bulk entries that touched it, with their French
 * text; a failed action leaves neither entry nor targets; the targets are append-only and purged with their entry.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActionText, type AuditEntry } from '../../contract/audit';
import type { Db } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import { runBulk } from '../../server/http/bulk';
import { purgeAudit } from '../../server/modules/audit/retention';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createDeal, readDeal, type Deal } from '../helpers/deals';
import { createCategory, csvText, importDone, temporaries, utf8 } from '../helpers/news';
import { refusal } from '../helpers/db';
import { validSiren } from '../helpers/sirens';

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

const rows = <T>(query: ReturnType<typeof sql>, db: Db = t.ctx.db) => rowsOf<T>(db, query);

/** Rows of `audit_log` and of `audit_targets`. */
async function counts(db: Db = t.ctx.db): Promise<{ entries: number; targets: number }> {
  const [r] = await rows<{ entries: number; targets: number }>(
    sql`select (select count(*)::int from audit_log) as entries, (select count(*)::int from audit_targets) as targets`,
    db,
  );
  return { entries: Number(r.entries), targets: Number(r.targets) };
}

/** The newest entry of the log (id and details). */
async function lastEntry(): Promise<{ id: number; details: Record<string, unknown> }> {
  const [r] = await rows<{ id: number; details: Record<string, unknown> }>(sql`select id::int as id, details from audit_log order by id desc limit 1`);
  return r;
}

/** The targets of entry `auditId`, as `resource:id`, sorted. */
async function targetsOf(auditId: number): Promise<string[]> {
  const r = await rows<{ t: string }>(sql`select resource || ':' || resource_id as t from audit_targets where audit_id = ${auditId} order by resource, resource_id`);
  return r.map((x) => x.t);
}

/** The history of one record (the list filtered on its resource and id), oldest first. */
async function history(resource: string, id: number | string): Promise<AuditEntry[]> {
  const res = await root.post(`/api/audit/filter?resource=${resource}&resource_id=${id}`, { orderBy: { column: 'id', direction: 'asc' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The list rows (entity ids) of deal `d`: what the deals list ticks. */
const rowIds = (d: Deal) => d.entities.map((e) => e.id);
const sortedIds = (...ids: number[]) => ids.sort((x, y) => x - y).map((id) => `deals:${id}`);

describe('a bulk action on deals', () => {
  it('records one entry with its count and its selection (no id list) and its 2 target deals, in the history of each', async () => {
    const a = await createDeal(root);
    const b = await createDeal(root);
    const before = await counts();
    const res = await root.post('/api/transactions/bulk/deactivate', { ids: [...rowIds(a), ...rowIds(b)] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(2);

    expect(await counts()).toEqual({ entries: before.entries + 1, targets: before.targets + 2 });
    const entry = await lastEntry();
    expect(entry.details).toEqual({ count: 2, target: 'deals', change: 'deactivate', selection: { ticked: 2 } });
    expect(await targetsOf(entry.id)).toEqual(sortedIds(a.id, b.id));

    for (const deal of [a, b]) {
      const entries = await history('deals', deal.id);
      expect(entries.map((e) => e.id)).toContain(entry.id);
      const bulk = entries.find((e) => e.id === entry.id)!;
      expect(auditActionText(bulk)).toBe('désactivée (action groupée, 2 transactions)');
    }
    // The « Exporter CSV » of a record's history gives the same text.
    const csv = await root.get(`/api/audit/export.csv?resource=deals&resource_id=${a.id}&column=id&direction=asc`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(';désactivée (action groupée, 2 transactions);');
  });

  it('names as targets only the deals it changed, and keeps the search and the count of unticked rows of a whole-list action', async () => {
    const name = `Cible groupée ${Date.now()}`;
    const changed = await createDeal(root, { entities: [{ siren: validSiren(1, 63_000_000), name: `${name} A`, entityrole_id: 0, stake_percent: 10 }] });
    const already = await createDeal(root, { status: 0, entities: [{ siren: validSiren(2, 63_000_000), name: `${name} B`, entityrole_id: 0, stake_percent: 10 }] });
    const unticked = await createDeal(root, { entities: [{ siren: validSiren(3, 63_000_000), name: `${name} C`, entityrole_id: 0, stake_percent: 10 }] });
    expect((await readDeal(root, already.id)).status).toBe(0);

    const res = await root.post('/api/transactions/bulk/deactivate', { all: true, search: name, except: rowIds(unticked) });
    expect(res.json().count).toBe(1);
    const entry = await lastEntry();
    expect(entry.details).toEqual({ count: 1, target: 'deals', change: 'deactivate', selection: { all: true, search: name, except: 1 } });
    expect(await targetsOf(entry.id)).toEqual([`deals:${changed.id}`]);
    expect((await history('deals', changed.id)).map((e) => e.id)).toContain(entry.id);
    expect((await history('deals', already.id)).map((e) => e.id)).not.toContain(entry.id);
    expect((await history('deals', unticked.id)).map((e) => e.id)).not.toContain(entry.id);
  });

  it('records its deleted deals as targets, still in their history once the deals are gone', async () => {
    const a = await createDeal(root);
    const res = await root.post('/api/transactions/bulk/delete', { ids: rowIds(a) });
    expect(res.json().count).toBe(1);
    const entry = await lastEntry();
    expect(await targetsOf(entry.id)).toEqual([`deals:${a.id}`]);
    const bulk = (await history('deals', a.id)).find((e) => e.id === entry.id)!;
    expect(auditActionText(bulk)).toBe('supprimée (action groupée, 1 transaction)');
  });

  it('leaves neither entry nor targets when the action fails', async () => {
    const a = await createDeal(root);
    const refused = await createDeal(root);
    // The database refuses the change of one deal of the selection: the whole action rolls back.
    await t.ctx.db.execute(sql.raw(`create function audit_targets_test_refuse() returns trigger language plpgsql as $$
      begin if new.id = ${refused.id} then raise exception 'refused by the test'; end if; return new; end $$`));
    await t.ctx.db.execute(sql`create trigger audit_targets_test_refuse before update on deals for each row execute function audit_targets_test_refuse()`);
    try {
      const before = await counts();
      const res = await root.post('/api/transactions/bulk/deactivate', { ids: [...rowIds(a), ...rowIds(refused)] });
      expect(res.statusCode).toBe(500);
      expect(await counts()).toEqual(before);
      expect((await readDeal(root, a.id)).status).toBe(1);
    } finally {
      await t.ctx.db.execute(sql`drop trigger audit_targets_test_refuse on deals`);
      await t.ctx.db.execute(sql`drop function audit_targets_test_refuse()`);
    }
  });

  it('leaves no targets when the action fails after its statement wrote them', async () => {
    const a = await createDeal(root);
    const before = await counts();
    const spec = { id: sql`d.id`, target: 'deals' };
    await expect(
      runBulk(t.ctx.db, spec, { ids: [a.id] }, 'deactivate', async (where, track) => {
        expect(await track(sql`update deals d set status = 0 where ${where} returning d.id`)).toBe(1);
        throw new Error('failure after the statement');
      }),
    ).rejects.toThrow('failure after the statement');
    expect(await counts()).toEqual(before);
    expect((await readDeal(root, a.id)).status).toBe(1);
  });
});

describe('the other bulk actions', () => {
  it('name their records as targets: the RNE queue entries requeued or removed, pending news, an import’s rows', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const [r] = await rows<{ id: number }>(sql`insert into rne_queue (queue, siren, reason, state, attempts, error)
        values ('accounts', ${validSiren(i, 83_000_000)}, 'Flux externe', 'parked', 3, 'Service RNE\u00a0: HTTP 500.') returning id::int as id`);
      ids.push(r.id);
    }
    // The second one is pending already: the requeue removes it (two statements, one entry).
    await rows(sql`insert into rne_queue (queue, siren, reason) values ('accounts', ${validSiren(1, 83_000_000)}, 'Saisie manuelle')`);
    const requeue = await root.post('/api/supervisions/queues/accounts/parked/bulk/requeue', { ids });
    expect(requeue.json().count).toBe(2);
    const entry = await lastEntry();
    expect(entry.details).toMatchObject({ count: 2, target: 'rne_queue', change: 'requeue', selection: { ticked: 2 } });
    expect(await targetsOf(entry.id)).toEqual(ids.map((id) => `rne_queue:${id}`));

    const category = await createCategory(root, 'Cibles groupées', 'Bulk targets');
    const admin = await t.newAdmin();
    const line = (n: number) => [validSiren(n, 84_000_000), '', `Ligne groupée ${n}`, category.name_en, 'S', `https://www.example.com/cibles/${n}`, '2026-01-02'];
    await importDone(admin.client, 'cibles.csv', utf8(csvText([line(1), line(2), line(3)])));
    const review = (await temporaries(admin.client)).data.map((r) => r.id);
    const removed = await admin.client.post('/api/news/temporaries/bulkdelete', { ids: [review[0]] });
    expect(removed.json().count).toBe(1);
    const temporary = await lastEntry();
    expect(temporary.details).toMatchObject({ count: 1, target: 'news_temporaries', change: 'delete' });
    expect(await targetsOf(temporary.id)).toEqual([`news_temporaries:${review[0]}`]);

    expect((await admin.client.get('/api/news/process')).statusCode).toBe(200);
    const pending = (await root.post('/api/news/filter?page=1', { search: 'Ligne groupée' })).json().data as { id: number }[];
    expect(pending).toHaveLength(2);
    expect((await root.post('/api/news/pending/bulkdelete', { all: true, search: 'Ligne groupée' })).json().count).toBe(2);
    const news = await lastEntry();
    expect(news.details).toMatchObject({ count: 2, target: 'news', change: 'delete', selection: { all: true, search: 'Ligne groupée' } });
    expect(await targetsOf(news.id)).toEqual(pending.map((p) => p.id).sort((x, y) => x - y).map((id) => `news:${id}`));
  });
});


describe('the targets table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    for (const statement of [sql`update audit_targets set resource = 'x'`, sql`delete from audit_targets`, sql`truncate audit_targets`]) {
      expect(await refusal(t.ctx.db, statement)).toMatch(/audit_targets is append-only/);
    }
  });

  it('loses its rows with their entry in the retention purge, and only those', async () => {
    const [old] = await rows<{ id: number }>(sql`insert into audit_log (actor, resource, action, created_at, details)
      values ('system', 'transactions', 'bulk/deactivate', now() - interval '500 days', '{"count": 2}') returning id::int as id`);
    await rows(sql`insert into audit_targets (audit_id, resource, resource_id) values (${old.id}, 'deals', 900001), (${old.id}, 'deals', 900002)`);
    const a = await createDeal(root);
    await root.post('/api/transactions/bulk/deactivate', { ids: rowIds(a) });
    const recent = await lastEntry();
    const before = await counts();

    expect(await purgeAudit(t.ctx.db, 400)).toBe(1);
    expect(await targetsOf(old.id)).toEqual([]);
    expect(await targetsOf(recent.id)).toEqual([`deals:${a.id}`]);
    // One entry purged, the purge's own entry added; the 2 old targets gone.
    expect(await counts()).toEqual({ entries: before.entries, targets: before.targets - 2 });
  });

  it('is indexed by resource and id for the history, and by entry for the purge', async () => {
    const r = await rows<{ indexdef: string }>(sql`select indexdef from pg_indexes where tablename = 'audit_targets'`);
    const defs = r.map((x) => x.indexdef).join('\n');
    expect(defs).toContain('(resource_id, resource, audit_id)');
    expect(defs).toContain('USING brin (audit_id)');
  });
});
