/**
 * Audit cases of `npm run bench -- --only audit` (docs/audit.md), on the deals of bench/deal-lists.ts
 * (400,000 deals, 1,000,000 entities; generated when missing):
 * - `audit.bulk.deals_deactivate.100k`: « désactiver » over the deals of one search of the deals list (the deal
 *   type `LBO`: 95,239 deals), through the real bulk action (its entry and its targets in its transaction:
 *   server/http/bulk.ts), and alternately the same UPDATE alone in a transaction with one entry (the action without
 *   targets). Figures: `deals`, the median and the slowest run of each (`with_*`, `without_*`), and `ratio` (median
 *   with / median without; budget ≤ 1.5). After each run, untimed, the deals get their status and revision back and
 *   the table is vacuumed, so that every run meets the same table;
 * - `audit.history.deal`: the history of one of those deals (`POST /api/audit/filter?resource=deals&resource_id=`,
 *   newest first) beside 1,000,000 generated entries (800,000 of the deals, 50 bulk entries with 400,000 targets;
 *   kept between runs, marked `job_id = 'bench-audit'`): p50 and p95 over the runner's calls;
 * - `audit.history.plan`: the entries and targets present, and `seq_scans`, the sequential scans of `audit_log` or
 *   `audit_targets` in the plans of that history's page and count (0: both read through their indexes; the plans'
 *   nodes are logged).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { BulkBody } from '../contract/bulk';
import type { Db } from '../server/db/client';
import { rowCountOf, rowsOf } from '../server/db/rows';
import { bulkWhere } from '../server/http/bulk';
import { recordAudit } from '../server/lib/audit';
import { auditFilterWhere } from '../server/modules/audit/service';
import { bulkDeals, dealsBulkChange, dealsBulkSpec } from '../server/modules/deals/bulk';
import { dealSearch } from '../server/modules/deals/list';
import { ensureBenchDeals, long, vacuum } from './deal-lists';
import type { FeedBenchContext } from './feeds';

/** The search of the deals list whose deals the bulk case deactivates (a deal type: a quarter of the deals). */
const SEARCH = 'LBO';
const BODY: BulkBody = { all: true, search: SEARCH };
const RUNS = 7;
const ENTRIES = 1_000_000;
const MARK = 'bench-audit';
const GENERATED = sql`d.deal_identifier between 'BL0000000' and 'BL9999999'`;

const round = (x: number) => Math.round(x * 100) / 100;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function one<T>(db: Db, q: SQL): Promise<T> {
  return (await rowsOf<T>(db, q))[0];
}

/** The generated deals the search reaches (`cond`: the search's condition on the entities `e`). */
const searchedDeals = (cond: SQL) => sql`select e.deal_id from deal_entities e where ${cond}`;

/** Gives the searched deals left inactive by a run their status and revision back (untimed), then vacuums. */
async function restore(b: FeedBenchContext, cond: SQL): Promise<void> {
  await long(b.ctx.db, sql`update deals d set status = 1, revision = d.revision - 1 where d.status = 0 and ${GENERATED} and d.id in (${searchedDeals(cond)})`);
  await vacuum(b, 'deals');
}

/** The action without targets: the search, then its UPDATE and one entry in a transaction. @returns deals changed */
async function deactivateWithoutTargets(db: Db): Promise<number> {
  const search = await dealSearch(db, SEARCH);
  const where = bulkWhere(dealsBulkSpec(search.cond), BODY);
  return db.transaction(async (transaction) => {
    const tx: Db = transaction;
    await tx.execute(sql`set local statement_timeout = 0`);
    const count = await rowCountOf(tx, dealsBulkChange('deactivate', where));
    await recordAudit(tx, { resource: 'transactions', action: 'bulk/deactivate', details: { count } });
    return count;
  });
}

/** `audit.bulk.deals_deactivate.100k`. */
async function benchBulk(b: FeedBenchContext): Promise<SQL> {
  const db = b.ctx.db;
  const { cond } = await dealSearch(db, SEARCH);
  await restore(b, cond);
  const deals = Number((await one<{ n: number }>(db, sql`select count(*)::int as n from deals d where ${GENERATED} and d.id in (${searchedDeals(cond)})`)).n);
  const times: Record<'with' | 'without', number[]> = { with: [], without: [] };
  for (let run = 0; run < RUNS; run++) {
    // Alternate which goes first, so that neither always meets the table just after a vacuum.
    for (const mode of run % 2 ? (['with', 'without'] as const) : (['without', 'with'] as const)) {
      const t0 = performance.now();
      const n = mode === 'with' ? await bulkDeals(db, 'deactivate', BODY) : await deactivateWithoutTargets(db);
      times[mode].push(performance.now() - t0);
      if (n !== deals) throw new Error(`${mode}: ${n} deals deactivated, expected ${deals}`);
      b.log(`bulk run ${run + 1} ${mode} targets: ${Math.round(times[mode][run])} ms (${n} deals)`);
      await restore(b, cond);
    }
  }
  b.record('audit.bulk.deals_deactivate.100k', {
    n: RUNS,
    deals,
    with_p50_ms: round(median(times.with)),
    with_max_ms: round(Math.max(...times.with)),
    without_p50_ms: round(median(times.without)),
    without_max_ms: round(Math.max(...times.without)),
    ratio: round(median(times.with) / median(times.without)),
  });
  return cond;
}

/** 1,000,000 entries of the generated deals and others, 50 of them bulk entries with 400,000 targets (one transaction). */
async function ensureEntries(b: FeedBenchContext): Promise<void> {
  const db = b.ctx.db;
  const have = Number((await one<{ n: number }>(db, sql`select count(*)::int as n from audit_log where job_id = ${MARK}`)).n);
  if (have >= ENTRIES) return b.log(`reusing ${have} generated audit entries`);
  b.log(`generating ${ENTRIES} audit entries`);
  const t0 = performance.now();
  await db.transaction(async (transaction) => {
    const tx: Db = transaction;
    await tx.execute(sql`set local statement_timeout = 0`);
    const deals = Number((await one<{ n: number }>(tx, sql`select count(*)::int as n from deals d where ${GENERATED}`)).n);
    await tx.execute(sql`insert into audit_log (created_at, actor, job_id, resource, resource_id, action, changes)
      select now() - make_interval(days => ((d.id * 7 + g) % 365)::int, secs => (d.id % 86400)::int), 'system', ${MARK}, 'deals', d.id::text, 'update',
             jsonb_build_object('amount', jsonb_build_array(g, g + 1))
        from deals d cross join generate_series(1, 2) g where ${GENERATED}`);
    await tx.execute(sql`insert into audit_log (created_at, actor, job_id, resource, resource_id, action, changes)
      select now() - make_interval(days => (i % 365)::int), 'system', ${MARK}, 'groups', (i % 1000)::text, 'update', jsonb_build_object('name', jsonb_build_array('a', 'b'))
        from generate_series(1, ${ENTRIES - 2 * deals - 50}::int) i`);
    await tx.execute(sql`insert into audit_log (created_at, actor, job_id, resource, action, details)
      select now() - make_interval(days => i), 'system', ${MARK}, 'transactions', 'bulk/deactivate',
             jsonb_build_object('count', ${Math.ceil(deals / 50)}::int, 'target', 'deals', 'change', 'deactivate', 'selection', jsonb_build_object('all', true))
        from generate_series(0, 49) i`);
    await tx.execute(sql`insert into audit_targets (audit_id, resource, resource_id)
      select e.id, 'deals', d.id
        from (select id, row_number() over (order by id) - 1 as n from audit_log where job_id = ${MARK} and action = 'bulk/deactivate') e
        join deals d on d.id % 50 = e.n
       where ${GENERATED}`);
  });
  b.log(`audit entries: ${Math.round(performance.now() - t0)} ms`);
  await vacuum(b, 'audit_log', 'audit_targets');
}

/** The sequential scans of the audit tables in an EXPLAIN (FORMAT JSON) plan; logs its nodes. */
function seqScans(b: FeedBenchContext, label: string, plan: unknown): number {
  const nodes: string[] = [];
  let scans = 0;
  const walk = (node: Record<string, unknown>) => {
    const relation = node['Relation Name'] as string | undefined;
    const index = node['Index Name'] as string | undefined;
    nodes.push(`${node['Node Type']}${relation ? ` on ${relation}` : ''}${index ? ` using ${index}` : ''}`);
    if (node['Node Type'] === 'Seq Scan' && (relation === 'audit_log' || relation === 'audit_targets')) scans++;
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((plan as Array<{ Plan: Record<string, unknown> }>)[0].Plan);
  b.log(`${label} plan: ${nodes.join(' > ')}`);
  return scans;
}

/** `audit.history.deal` and `audit.history.plan`. */
async function benchHistory(b: FeedBenchContext, cond: SQL | undefined): Promise<void> {
  const db = b.ctx.db;
  await ensureEntries(b);
  const search = cond ?? (await dealSearch(db, SEARCH)).cond;
  const { id } = await one<{ id: number }>(db, sql`select min(e.deal_id)::int as id from deal_entities e where ${search}`);
  const path = `/api/audit/filter?resource=deals&resource_id=${id}`;
  const body = { pagination: { per_page: 200 }, orderBy: { column: 'created_at', direction: 'desc' } };
  const first = (await b.call('POST', `${path}&page=1`, body)) as { total: number };
  b.log(`history of deal ${id}: ${first.total} entries`);
  await b.measure('audit.history.deal', () => b.call('POST', `${path}&page=1`, body));

  const where = auditFilterWhere({ resource: 'deals', resource_id: String(id) });
  const explain = async (q: SQL) => (await one<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${q}`))['QUERY PLAN'];
  const page = await explain(sql`select a.id from audit_log a where ${where} order by a.created_at desc, a.id desc limit 200`);
  const count = await explain(sql`select count(*) from audit_log a where ${where}`);
  const totals = await one<{ entries: number; targets: number }>(db, sql`select (select count(*) from audit_log)::float8 as entries, (select count(*) from audit_targets)::float8 as targets`);
  b.record('audit.history.plan', {
    entries: Number(totals.entries),
    targets: Number(totals.targets),
    history_entries: first.total,
    seq_scans: seqScans(b, 'history page', page) + seqScans(b, 'history count', count),
  });
}

/** Runs the audit cases (`--only audit`, `audit.bulk`, `audit.history`). */
export async function benchAudit(b: FeedBenchContext, only?: string): Promise<void> {
  const wants = (prefix: string) => !only || prefix.startsWith(only) || only.startsWith(prefix);
  await ensureBenchDeals(b);
  const cond = wants('audit.bulk') ? await benchBulk(b) : undefined;
  if (wants('audit.history')) await benchHistory(b, cond);
}
