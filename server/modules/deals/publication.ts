/**
 * Publication of the deals (SPEC sections 4 "Insert-all and purge-all return a count", 7, 8): what the customer API serves is `published_deals`, one JSON snapshot per deal identifier, written
 * by numbered batches (`deal_publish_batches`).
 *
 * `insert` (one transaction) writes one batch:
 * - every active deal new or changed since its last publication (`revision` ≠ `published_revision`) is published:
 *   its snapshot (contract/deal-lists.ts `publishedDealSnapshot`: the deal, its entities, type, role and country
 *   names) is upserted under its identifier and `published_revision` takes the revision published;
 * - every published deal since deactivated or deleted is withdrawn: its snapshot is removed and a deactivated
 *   deal's `published_revision` becomes null (so that a reactivation publishes it again). A deal whose identifier
 *   changed is published under the new one and its snapshot under the old one withdrawn (one deal processed);
 * - what the batch replaced or removed (the previous snapshot with its revision, batch and date, and the deal's
 *   previous `published_revision`) goes to `published_deal_history`.
 * `purge` (one transaction) undoes the last batch exactly from that history and deletes it; the next purge undoes
 * the batch before. Both take a transaction-level advisory lock, so two publications or purges never interleave,
 * then the deals import's merge lock, so that a publication waits for an import's merge instead of deadlocking with
 * it (the merge takes only its own lock: one order). A deadlock with a deal's save or toggle (each locks its deal's
 * row, then the counter row `deal_publication_counts`, which a publication locks before the deal rows it marks)
 * rolls one of them back, and it is run again (server/db/retry.ts).
 * Both answer the number of deals processed; 0 means nothing was done (no batch is written, or none was left).
 * Each records its route's audit entry (the batch's number and count) in its transaction, only when it wrote.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ADVISORY_LOCKS } from '../../db/locks';
import { inTransaction } from '../../db/retry';
import { recordAudit } from '../../lib/audit';
import { pendingWork } from './stats';
import { rowsOf } from '../../db/rows';

/** Advisory lock key shared by `insert` and `purge`. */
export const PUBLICATION_LOCK_KEY = ADVISORY_LOCKS.dealsPublication;

/**
 * Starts a publication or purge transaction: no statement timeout (the first publication of a big base takes
 * minutes), the advisory locks (publication, then the import's merge), and plans through the keys. A batch touches a few thousand deals among hundreds of
 * thousands; hash joins would read the whole of `deals` and `published_deals` (seconds at 400,000 deals, JIT
 * included), while nested loops over the keys cost what the batch costs.
 */
async function begin(q: Db): Promise<void> {
  await q.execute(sql`set local statement_timeout = 0`);
  for (const setting of ['enable_hashjoin', 'enable_mergejoin', 'jit']) await q.execute(sql.raw(`set local ${setting} = off`));
  await q.execute(sql`select pg_advisory_xact_lock(${PUBLICATION_LOCK_KEY})`);
  await q.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.dealsMerge})`);
}

/**
 * Captures the deals to publish in the temporary table `publish_pending (id, deal_identifier)`, analysed: the planner
 * cannot estimate the pending condition (`published_revision is distinct from revision` compares two columns, so it
 * guesses nearly every deal), but it knows the size of this table. Read through the partial index `deals_pending_idx`.
 */
async function capturePending(q: Db): Promise<void> {
  await q.execute(sql`set local enable_seqscan = off`);
  await q.execute(sql`create temporary table publish_pending on commit drop as select d.id, d.deal_identifier from deals d where ${PENDING}`);
  await q.execute(sql`set local enable_seqscan = on`);
  await q.execute(sql`analyze publish_pending`);
}

/** `{name, country}` of a buyer, target or seller (`d` the deal), or SQL null when neither is given. */
function party(name: string, country: string) {
  const n = sql.raw(`d.${name}`);
  const c = sql.raw(`d.${country}`);
  return sql`case when ${n} is null and ${c} is null then null else jsonb_build_object('name', ${n}, 'country',
    (select jsonb_build_object('id', c.id, 'iso_alpha2', c.iso_alpha2, 'name', c.name_fr) from countries c where c.id = ${c})) end`;
}

/** The snapshot of deal `d` (contract/deal-lists.ts `publishedDealSnapshot`). */
const SNAPSHOT = sql`jsonb_build_object(
  'id', d.id, 'deal_identifier', d.deal_identifier, 'revision', d.revision, 'deal_date', d.deal_date,
  'type1', (select jsonb_build_object('id', t.id, 'name', t.name) from deal_types t where t.id = d.deal_type1_id),
  'type2', (select jsonb_build_object('id', t.id, 'name', t.name) from deal_types t where t.id = d.deal_type2_id),
  'amount', d.amount, 'currency', d.currency, 'description', d.description, 'url', d.url, 'source', d.source,
  'french_investment_abroad', d.french_investment_abroad, 'foreign_investment_in_france', d.foreign_investment_in_france,
  'buyers', jsonb_path_query_array(jsonb_build_array(${party('buyer1_name', 'buyer1_country_id')}, ${party('buyer2_name', 'buyer2_country_id')}, ${party('buyer3_name', 'buyer3_country_id')}), '$[*] ? (@ != null)'),
  'targets', jsonb_path_query_array(jsonb_build_array(${party('target1_name', 'target1_country_id')}, ${party('target2_name', 'target2_country_id')}, ${party('target3_name', 'target3_country_id')}), '$[*] ? (@ != null)'),
  'seller', ${party('seller_name', 'seller_country_id')},
  'entities', (select coalesce(jsonb_agg(jsonb_build_object(
      'siren', e.siren, 'name', e.name, 'stake_percent', e.stake_percent,
      'role', (select jsonb_build_object('id', r.id, 'name', r.name, 'display_name', r.display_name) from deal_roles r where r.id = e.role_id)
    ) order by e.position, e.id), '[]'::jsonb) from deal_entities e where e.deal_id = d.id)
)`;

/** The active deals new or changed since their last publication (`deals_pending_idx`). */
const PENDING = sql`d.status = 1 and d.published_revision is distinct from d.revision`;

/**
 * Publishes, as one numbered batch, every active deal new or changed since its last publication, and withdraws the
 * published deals since deactivated or deleted (see the module comment).
 * @param adminId - the administrator recorded as the batch's author
 * @returns the deals processed (published + withdrawn); 0 when there was nothing to do (no batch written)
 */
export async function publishDeals(db: Db, adminId: number | null): Promise<number> {
  return inTransaction(db, async (q) => {
    await begin(q);
    const work = await pendingWork(q);
    if (work.waiting + work.orphans === 0) return 0;
    await capturePending(q);
    const batch = (await rowsOf<{ id: number }>(q, sql`insert into deal_publish_batches (deals, published_total, created_by) values (0, 0, ${adminId}) returning id`))[0].id;

    // 1. Withdrawals: snapshots of deleted deals (deal_id null), of deactivated deals, and under an identifier its
    //    deal no longer has, unless an active deal being published now takes that identifier (it then replaces it).
    const withdrawn = (await rowsOf<{ rows: number; orphans: number }>(q, sql`
      with candidates as (
        select p.deal_identifier from published_deals p where p.deal_id is null
        union
        select p.deal_identifier from deals d join published_deals p on p.deal_id = d.id
          where d.status <> 1 and d.published_revision is not null
        union
        select p.deal_identifier from publish_pending d join published_deals p on p.deal_id = d.id
          where p.deal_identifier <> d.deal_identifier
      ), gone as (
        select p.*, d.published_revision as deal_revision, coalesce(d.status = 1, false) as renamed
        from candidates c join published_deals p using (deal_identifier) left join deals d on d.id = p.deal_id
        where not exists (select 1 from publish_pending x where x.deal_identifier = p.deal_identifier)
      ), history as (
        insert into published_deal_history (batch_id, deal_identifier, deal_id, previous_deal_revision, previous_revision,
                                            previous_batch_id, previous_snapshot, previous_published_at)
        select ${batch}, deal_identifier, deal_id, deal_revision, revision, batch_id, snapshot, published_at from gone
        returning 1
      ), removed as (
        delete from published_deals p using gone g where p.deal_identifier = g.deal_identifier returning 1
      )
      select (select count(*) from removed)::int as rows, (select count(*) from gone where deal_id is null)::int as orphans,
             (select count(*) from history)::int as history`))[0];
    // Each deactivated deal still published ends its publication here: withdrawn above, or replaced under its
    // identifier by a deal published below. Counted once each, as c1 counts them.
    const ended = (await rowsOf<{ deals: number }>(q, sql`with ended as (
         update deals set published_revision = null where status <> 1 and published_revision is not null returning 1)
       select count(*)::int as deals from ended`))[0];

    // 2. Publications: snapshot, history of what it replaces, upsert, and the revision published on the deal
    //    (the revision read with the snapshot: a deal changed meanwhile stays pending).
    const published = (await rowsOf<{ deals: number; added: number }>(q, sql`
      with snap as materialized (
        select d.id, d.deal_identifier, d.revision, d.published_revision, ${SNAPSHOT} as snapshot
        from publish_pending pp join deals d on d.id = pp.id where ${PENDING}
      ), history as (
        insert into published_deal_history (batch_id, deal_identifier, deal_id, previous_deal_revision, previous_revision,
                                            previous_batch_id, previous_snapshot, previous_published_at)
        select ${batch}, s.deal_identifier, s.id, s.published_revision, p.revision, p.batch_id, p.snapshot, p.published_at
        from snap s left join published_deals p on p.deal_identifier = s.deal_identifier
        returning previous_snapshot is null as added
      ), up as (
        insert into published_deals (deal_identifier, deal_id, revision, batch_id, snapshot, published_at)
        select deal_identifier, id, revision, ${batch}, snapshot, now() from snap
        on conflict (deal_identifier) do update set deal_id = excluded.deal_id, revision = excluded.revision,
          batch_id = excluded.batch_id, snapshot = excluded.snapshot, published_at = excluded.published_at
        returning deal_id, revision
      ), marked as (
        update deals d set published_revision = up.revision from up where d.id = up.deal_id returning 1
      )
      select (select count(*) from history)::int as deals, (select count(*) from history where added)::int as added,
             (select count(*) from marked)::int as marked`))[0];

    const count = Number(withdrawn.orphans) + Number(ended.deals) + Number(published.deals);
    if (count === 0 && Number(withdrawn.rows) === 0) {
      await q.execute(sql`delete from deal_publish_batches where id = ${batch}`);
      return 0;
    }
    const total = work.published + Number(published.added) - Number(withdrawn.rows);
    await q.execute(sql`update deal_publish_batches set deals = ${count}, published_total = ${total} where id = ${batch}`);
    await recordAudit(q, { resource: 'deals', action: 'publish', resourceId: batch, details: { count, published_total: total } });
    return count;
  });
}

/**
 * Undoes the last batch: removes the snapshots it added, puts back those it replaced or withdrew (revision, batch,
 * date and all), restores the deals' `published_revision`, and deletes the batch with its history.
 * @returns the deals the batch had processed; 0 when no batch is left
 */
export async function purgeLastBatch(db: Db): Promise<number> {
  return inTransaction(db, async (q) => {
    await begin(q);
    const last = (await rowsOf<{ id: number; deals: number }>(q, sql`select id, deals from deal_publish_batches order by id desc limit 1`))[0];
    if (!last) return 0;
    await q.execute(sql`
      delete from published_deals p using published_deal_history h
      where h.batch_id = ${last.id} and h.previous_snapshot is null and p.deal_identifier = h.deal_identifier`);
    // The deal a restored snapshot belongs to, or null when it has been deleted since.
    await q.execute(sql`
      insert into published_deals (deal_identifier, deal_id, revision, batch_id, snapshot, published_at)
      select h.deal_identifier, d.id, h.previous_revision, h.previous_batch_id, h.previous_snapshot, h.previous_published_at
      from published_deal_history h left join deals d on d.id = (h.previous_snapshot->>'id')::bigint
      where h.batch_id = ${last.id} and h.previous_snapshot is not null
      on conflict (deal_identifier) do update set deal_id = excluded.deal_id, revision = excluded.revision,
        batch_id = excluded.batch_id, snapshot = excluded.snapshot, published_at = excluded.published_at`);
    await q.execute(sql`
      update deals d set published_revision = h.previous_deal_revision
      from published_deal_history h where h.batch_id = ${last.id} and d.id = h.deal_id`);
    // A restored snapshot of another deal than the one the batch published under its identifier (a deactivated
    // deal whose identifier a new deal took): that deal is published again at the snapshot's revision.
    await q.execute(sql`
      update deals d set published_revision = h.previous_revision
      from published_deal_history h
      where h.batch_id = ${last.id} and h.previous_snapshot is not null
        and d.id = (h.previous_snapshot->>'id')::bigint and d.id is distinct from h.deal_id`);
    await q.execute(sql`delete from deal_publish_batches where id = ${last.id}`);
    await recordAudit(q, { resource: 'deals', action: 'publish_undo', resourceId: last.id, details: { count: Number(last.deals) } });
    return Number(last.deals);
  });
}
