/**
 * The staging table of a BODACC import and its merge (CONVENTIONS.md section 6): the
 * notices of a file are COPYed into a temporary table of the job's own (`bodacc_stage_<job id>`), then
 * merged by a few INSERT … SELECT statements inside one transaction:
 * 1. in-file duplicates (same bulletin, issue, notice number) are dropped, the first kept;
 * 2. the `feed_files` row (status 1) is written, so that the notices name it;
 * 3. the notices go into `announcements`, a notice already stored being skipped (`on conflict do nothing`);
 * 4. a newly stored correction or cancellation (`rectificatif`, `annulation`) removes the transaction row of
 *    the notice it names; then each newly stored sale, a correction included, becomes a `bodacc_transactions`
 *    row (a cancelled sale gives none);
 * 5. each SIREN a newly stored notice names gets one update-log entry (code `BODACC`): its registered persons,
 *    and for a sale every SIREN the notice gives for its sellers and previous operators, with the
 *    notice as its source (`BODACC A n°20210005 du 08/01/2021, avis n°1`, its bodacc.fr page, the file); by
 *    INSERT … SELECT so that the statement-level triggers keep the rollups exact;
 * 6. each SIREN of a newly stored notice of bulletin C goes to the RNE `accounts` queue, of a bulletin B notice
 *    of a change of officers (`officers_change`, server/modules/rne/hooks.ts) to the `officers` queue;
 * 7. the file record gets its summary.
 * A temporary table lives as long as the connection (PostgreSQL: the job's own, dropped at commit or
 * rollback; PGlite: the instance, dropped by the job), so a dead process leaves no staging rows.
 */
import { FEED_CODE } from './codes';
import { FAMILIES } from './families';
import { logDescription, sourceLabel, type Notice } from './notice';
import { SALE_COLUMNS, saleRow } from './sale';
import { feedHooks } from '../events';
import type { Sql } from '../../../db/sql';


/** The columns COPYed into the staging table, in order. */
export const STAGE_COLUMNS = [
  'seq',
  'bulletin',
  'issue',
  'issue_date',
  'notice_number',
  'family',
  'family_label',
  'sirens',
  'company_name',
  'court',
  'raw',
  'log_description',
  'sale',
  'officers_change',
  'previous_bulletin',
  'previous_issue',
  'previous_number',
  'source_label',
  'url',
  'party_sirens',
] as const;

/** Name of the staging table of job `jobId` (a UUID). */
export function stageTable(jobId: string): string {
  return `bodacc_stage_${jobId.replace(/[^0-9a-f]/gi, '').toLowerCase()}`;
}

/** The statement creating the staging table (`onCommitDrop`: PostgreSQL, inside the job's transaction). */
export function createStage(table: string, onCommitDrop: boolean): string {
  return `create temporary table ${table} (
    seq integer not null, bulletin char(1) not null, issue varchar(16) not null, issue_date date not null,
    notice_number integer not null, family varchar(32) not null, family_label varchar(64) not null,
    sirens bpchar(9)[] not null, company_name text, court text, raw jsonb not null, log_description text not null,
    sale jsonb, officers_change boolean not null,
    previous_bulletin char(1), previous_issue varchar(16), previous_number integer,
    source_label text not null, url text not null, party_sirens bpchar(9)[] not null, announcement_id bigint
  )${onCommitDrop ? ' on commit drop' : ''}`;
}

/** The SIRENs a sale gives for its sellers and previous operators, once each, in the notice's order. */
export function partySirens(notice: Notice): string[] {
  const all = [...(notice.sale?.sellers ?? []), ...(notice.sale?.operators ?? [])].map((p) => p.siren);
  return [...new Set(all.filter((s): s is string => s !== null))];
}

/** The staging row of a notice read `position`-th (values in the order of STAGE_COLUMNS). */
export function stageRow(notice: Notice, position: number): unknown[] {
  return [
    position,
    notice.bulletin,
    notice.issue,
    notice.issueDate,
    notice.noticeNumber,
    notice.family,
    FAMILIES[notice.family].label,
    `{${notice.sirens.join(',')}}`,
    notice.companyName,
    notice.court,
    notice.raw ?? {},
    logDescription(notice),
    notice.sale ? saleRow(notice, notice.sale) : null,
    feedHooks().officersChanged(notice),
    notice.previous?.bulletin ?? null,
    notice.previous?.issue ?? null,
    notice.previous?.noticeNumber ?? null,
    sourceLabel(notice),
    notice.url,
    `{${partySirens(notice).join(',')}}`,
  ];
}

/** SIRENs queued for the RNE worker, per queue. */
export interface RneQueued {
  accounts: number;
  officers: number;
}

/** What a merge did. */
export interface MergeSummary {
  /** Notices read in the file. */
  notices: number;
  /** Newly stored. */
  new: number;
  /** Already stored, or repeated in the file. */
  duplicates: number;
  /** Transaction rows written (new sales). */
  sales: number;
  /** Transaction rows removed: their notice was corrected or cancelled by a new notice of the file. */
  sales_withdrawn: number;
  log_entries: number;
}


/**
 * Merges the staging table (run inside the caller's transaction).
 * @param file - the `feed_files` row to write: filename, origin, job id
 * @returns the summary, the id of the `feed_files` row and the SIRENs queued for the RNE worker
 */
export async function mergeStage(
  sql: Sql,
  table: string,
  notices: number,
  file: { filename: string; origin: string; jobId: string },
): Promise<{ summary: MergeSummary; feedFileId: number; rneQueued: RneQueued }> {
  await sql.exec(
    `delete from ${table} s using ${table} d
      where s.bulletin = d.bulletin and s.issue = d.issue and s.notice_number = d.notice_number and s.seq > d.seq`,
  );
  const [{ id }] = await sql.rows<{ id: number | string }>(
    `insert into feed_files (feed, filename, status, lines, origin, job_id) values ('bodacc', $1, 1, $2, $3, $4) returning id`,
    [file.filename.slice(0, 255), notices, file.origin, file.jobId],
  );
  const feedFileId = Number(id);
  const stored = await sql.exec(
    `with ins as (
       insert into announcements (bulletin, issue, issue_date, notice_number, family, family_label, sirens, company_name, court, raw, feed_file_id)
       select bulletin, issue, issue_date, notice_number, family, family_label, sirens, company_name, court, raw, $1
         from ${table} order by seq
       on conflict (bulletin, issue, notice_number) do nothing
       returning id, bulletin, issue, notice_number)
     update ${table} s set announcement_id = ins.id from ins
      where s.bulletin = ins.bulletin and s.issue = ins.issue and s.notice_number = ins.notice_number`,
    [feedFileId],
  );
  // A correction or a cancellation withdraws the transaction row of the notice it names (a correction's own
  // sale row, written next, replaces it).
  const withdrawn = await sql.exec(
    `delete from bodacc_transactions t
      using announcements a, ${table} s
      where s.announcement_id is not null and s.previous_number is not null
        and a.bulletin = s.previous_bulletin and a.issue = s.previous_issue and a.notice_number = s.previous_number
        and t.announcement_id = a.id`,
  );
  const sales = await sql.exec(
    `insert into bodacc_transactions (announcement_id, ${SALE_COLUMNS.join(', ')})
     select s.announcement_id, ${SALE_COLUMNS.map((c) => `r.${c}`).join(', ')}
       from ${table} s cross join lateral jsonb_populate_record(null::bodacc_transactions, s.sale) r
      where s.announcement_id is not null and s.sale is not null
      order by s.seq`,
  );
  const log = await sql.exec(
    `insert into update_log (code, siren, description, source_label, source_url, source_file_id)
     select $1, u.siren, s.log_description, s.source_label, s.url, $2
       from ${table} s cross join lateral (
              select n.siren, n.ord from unnest(s.sirens) with ordinality as n(siren, ord)
              union all
              select v.siren, cardinality(s.sirens) + v.ord from unnest(s.party_sirens) with ordinality as v(siren, ord)
               where not (v.siren = any(s.sirens))
            ) u
      where s.announcement_id is not null
      order by s.seq, u.ord`,
    [FEED_CODE, feedFileId],
  );
  const rneQueued: RneQueued = { accounts: 0, officers: 0 };
  const enqueue = feedHooks().bodaccAfterMerge(table);
  if (enqueue) for (const row of (await sql.exec(enqueue)).rows) rneQueued[row.queue as keyof RneQueued] = Number(row.n);
  const summary: MergeSummary = { notices, new: stored.count, duplicates: notices - stored.count, sales: sales.count, sales_withdrawn: withdrawn.count, log_entries: log.count };
  await sql.exec(`update feed_files set summary = $2::jsonb where id = $1`, [feedFileId, JSON.stringify(summary)]);
  return { summary, feedFileId, rneQueued };
}
