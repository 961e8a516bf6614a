/**
 * Update log (SPEC "Update log"): the paginated list over the shared list helper and
 * the statistics read from the per-day rollup (never from the log itself).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FilterBody, Page } from '../../../contract/listing';
import type { LogEntry, LogStats } from '../../../contract/update-log';
import type { Readable } from 'node:stream';
import { exportList } from '../../http/list-export';
import { runList, type ListSpec } from '../../http/listing';
import type { CsvColumn } from '../../lib/csv/write';
import { PROBE_SIZE, sampledSearchPlan } from '../../http/sampled-search';
import { parisDay } from '../../lib/paris-day';
import { logCondition, logTotal, parseLogSearch, type LogSearch } from './search';
import { rowsOf } from '../../db/rows';

/** Sortable columns: public name -> indexed expression. `name` is the SIREN. */
const sortable = { id: sql`l.id`, code: sql`l.code`, name: sql`l.siren`, created_at: sql`l.created_at` };

/**
 * A free-text search (budget <= 50 ms at 10M entries): planned on a sample of the newest
 * entries (server/http/sampled-search.ts).
 */
function textSearchPlan(db: Db, cond: SQL | undefined): Promise<Pick<ListSpec, 'planner' | 'knownTotal'>> {
  return sampledSearchPlan(db, {
    probe: sql`(select l.code, l.description from update_log l order by l.id desc limit ${PROBE_SIZE}) l`,
    cond: cond ?? sql`true`,
    rows: sql`(select coalesce(sum(entries), 0) from update_log_daily)`,
  });
}

/** Above this many entries a group filter walks the ordered indexes like an unfiltered list. */
export const SMALL_GROUP_ENTRIES = 200_000;

/**
 * A VIP / Favoris filter: its exact total comes from the per-SIREN rollup; when it is small the plan
 * fetches the group's entries through the (siren, id) index and sorts them, instead of walking the whole
 * log in id order hoping to meet them (seconds at 10M entries for a group of 50 SIRENs).
 */
async function groupSearchPlan(db: Db, search: LogSearch): Promise<Pick<ListSpec, 'planner' | 'knownTotal'>> {
  const [row] = await rowsOf<{ total: string | number }>(db, logTotal(search)!);
  const total = Number(row?.total ?? 0);
  return { knownTotal: { total, estimate: false }, ...(total <= SMALL_GROUP_ENTRIES ? { planner: { enable_indexscan: 'off' } } : {}) };
}

/**
 * The list of the log for a filter body: its ListSpec (planned for the search) and the body as runList
 * reads it (`search` is always handed over so that quick values such as `all` reach logCondition).
 */
async function logList(db: Db, body: FilterBody): Promise<{ spec: ListSpec; body: FilterBody }> {
  const search = parseLogSearch(body?.search ?? undefined);
  const plan =
    search.kind === 'text' && search.words.length > 0
      ? await textSearchPlan(db, logCondition(search))
      : search.kind === 'group'
        ? await groupSearchPlan(db, search)
        : {};
  const spec: ListSpec = {
    ...plan,
    // The source file is read for the page's rows only (a scalar subquery on the key of feed_files).
    select: sql`l.id::int as id, l.code, l.siren as name, l.description, to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      l.source_label, l.source_url, (select f.feed || '/' || f.filename from feed_files f where f.id = l.source_file_id) as source_file`,
    from: sql`update_log l`,
    sortable,
    search: () => logCondition(search),
    total: () => logTotal(search),
  };
  return { spec, body: { ...body, search: body?.search?.trim() || 'all' } };
}

/** One page of the log for a filter body (see search.ts for the meaning of `search`). */
export async function filterLog(db: Db, body: FilterBody, page: number): Promise<Page<LogEntry>> {
  const list = await logList(db, body);
  const found = await runList<LogRow>(db, list.spec, list.body, page);
  return { ...found, data: found.data.map(toLogEntry) };
}

/** A row of the log's export. */
interface LogExportRow {
  code: string;
  date: string;
  siren: string;
  description: string | null;
  source_label: string | null;
  source_url: string | null;
}

/** Columns of the log's CSV: the list's (Traitement and its date, Siren, Résultat with its source). */
const LOG_CSV: CsvColumn<LogExportRow>[] = [
  { header: 'Traitement', value: (r) => r.code },
  { header: 'Date', value: (r) => r.date },
  { header: 'Siren', value: (r) => r.siren },
  { header: 'Résultat', value: (r) => r.description },
  { header: 'Source', value: (r) => r.source_label },
  { header: 'Lien de la source', value: (r) => r.source_url },
];

/**
 * « Exporter CSV » of the log: every entry of the filter, in its sort, as a CSV stream (dates DD/MM/YYYY HH:mm:ss,
 * Europe/Paris, as the list shows them).
 * @throws AppError 422 errors.column for a sort column the list does not offer
 */
export async function exportLog(db: Db, body: FilterBody): Promise<Readable> {
  const list = await logList(db, body);
  const select = sql`l.code, to_char(l.created_at at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI:SS') as date, l.siren,
    l.description, l.source_label, l.source_url`;
  return exportList(db, { ...list.spec, select }, list.body, LOG_CSV);
}

/** A row of the log's list query. */
interface LogRow extends Omit<LogEntry, 'source'> {
  source_label: string | null;
  source_url: string | null;
  /** `<feed>/<filename>` of the file the entry came from, or null. */
  source_file: string | null;
}

/**
 * The page of the back-office that lists a feed's file (the supervision tables, filtered on its name), for an
 * entry whose source has no page of its own; null when the feed has none.
 */
export function sourceFilePage(sourceFile: string | null): string | null {
  if (!sourceFile) return null;
  const [feed, ...rest] = sourceFile.split('/');
  const name = encodeURIComponent(rest.join('/'));
  if (feed === 'sirene-companies') return `/supervisions/insee?companies.q=${name}`;
  if (feed === 'sirene-establishments') return `/supervisions/insee?locations.q=${name}`;
  if (feed === 'bodacc') return `/supervisions?q=${name}`;
  return null;
}

/** The answer of a row: its source as `{label, url}` (the source's own page, else its file's), or null. */
function toLogEntry(row: LogRow): LogEntry {
  const { source_label, source_url, source_file, ...entry } = row;
  return { ...entry, source: source_label ? { label: source_label, url: source_url ?? sourceFilePage(source_file) } : null };
}

/** Statistics of the Europe/Paris calendar: every key present, zeros included. */
export async function logStatistics(db: Db, now = new Date()): Promise<LogStats> {
  const today = parisDay(now);
  const [y, m] = today.split('-');
  const year = Number(y);
  // At most 12 + 12 + 31 rows: months of both years, and the days of the current month.
  const rows = await rowsOf<{ y: number; m: number; d: number; entries: string | number }>(db, sql`
      select extract(year from day)::int as y, extract(month from day)::int as m,
             case when extract(year from day) = ${year} and extract(month from day) = ${Number(m)} then extract(day from day)::int else 0 end as d,
             sum(entries)::bigint as entries
      from update_log_daily
      where day >= make_date(${year - 1}, 1, 1) and day < make_date(${year + 1}, 1, 1)
      group by 1, 2, 3`);
  const months: Record<string, number> = {};
  const days: Record<string, number> = {};
  for (let i = 1; i <= 12; i++) months[String(i).padStart(2, '0')] = 0;
  for (let i = 1; i <= 31; i++) days[String(i).padStart(2, '0')] = 0;
  let thisYear = 0;
  let lastYear = 0;
  for (const r of rows) {
    const n = Number(r.entries);
    if (Number(r.y) === year) {
      thisYear += n;
      months[String(r.m).padStart(2, '0')] += n;
      if (Number(r.d) > 0) days[String(r.d).padStart(2, '0')] += n;
    } else lastYear += n;
  }
  return { thisYear, lastYear, thisMonth: months[m], months, days };
}

/** Appends entries (used by the demo seed, the tests and, later, the data feeds). Returns the count. */
export async function appendLogEntries(
  db: Db,
  entries: Array<{ code: string; siren: string; description: string; createdAt?: Date }>,
): Promise<number> {
  if (entries.length === 0) return 0;
  const codes = entries.map((e) => e.code);
  const sirens = entries.map((e) => e.siren);
  const descriptions = entries.map((e) => e.description);
  const dates = entries.map((e) => (e.createdAt ?? new Date()).toISOString());
  await db.execute(sql`insert into update_log (code, siren, description, created_at)
    select * from unnest(${sql.param(codes)}::text[], ${sql.param(sirens)}::text[], ${sql.param(descriptions)}::text[], ${sql.param(dates)}::timestamptz[])`);
  return entries.length;
}
