/**
 * Volume generator of the benchmark: fills `update_log` with N realistic entries spread over the last two
 * years (Europe/Paris), on valid SIRENs, in 1M-row INSERT ... SELECT statements (the rollup triggers run
 * per statement). Secondary indexes are dropped during the load and rebuilt after, as a bulk load does.
 */
import luhn from 'fast-luhn';
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { ALL_DESCRIPTIONS, LOG_CODES } from '../server/seed/vocabulary';
import { rowsOf } from '../server/db/rows';

const CODES = [...LOG_CODES];
const DESCRIPTIONS = ALL_DESCRIPTIONS;

/** `n` valid SIRENs (Luhn) spread over the 9-digit space. */
export function validSirens(n: number): string[] {
  const out: string[] = [];
  const step = Math.floor(899_999_999 / (n * 10)) || 1;
  for (let i = 100_000_000; out.length < n; i += step) {
    for (let d = 0; d < 10 && out.length < n; d++) {
      const s = String(Math.floor((i + d) / 10) * 10 + d);
      if (luhn(s)) {
        out.push(s);
        break;
      }
    }
  }
  return out;
}

const SECONDARY = [
  ['update_log_code_id_idx', 'create index update_log_code_id_idx on update_log (code, id)'],
  ['update_log_siren_id_idx', 'create index update_log_siren_id_idx on update_log (siren, id)'],
  ['update_log_created_at_id_idx', 'create index update_log_created_at_id_idx on update_log (created_at, id)'],
  ['update_log_description_trgm_idx', 'create index update_log_description_trgm_idx on update_log using gin (description gin_trgm_ops)'],
] as const;

/** Current number of log entries (from the rollup). */
export async function logCount(db: Db): Promise<number> {
  const [r] = await rowsOf<{ n: string }>(db, sql`select coalesce(sum(entries), 0)::bigint as n from update_log_daily`);
  return Number(r.n);
}

/** Empties the log and its rollups, then generates `rows` entries; logs progress with `log`. */
export async function generateLog(db: Db, rows: number, log: (msg: string) => void): Promise<void> {
  await db.execute(sql`truncate update_log, update_log_daily, update_log_siren_counts restart identity`);
  for (const [name] of SECONDARY) await db.execute(sql.raw(`drop index if exists ${name}`));
  const sirens = validSirens(200_000);
  // A keyed table, not an array parameter: subscripting a 200k-element text[] costs O(n) per row.
  await db.execute(sql`drop table if exists bench_sirens`);
  await db.execute(sql`create unlogged table bench_sirens (k int primary key, siren char(9) not null)`);
  await db.execute(sql`insert into bench_sirens select k - 1, s from unnest(${sql.param(sirens)}::text[]) with ordinality as u(s, k)`);
  const chunk = 1_000_000;
  for (let start = 0; start < rows; start += chunk) {
    const n = Math.min(chunk, rows - start);
    const t0 = Date.now();
    // Entry i is (1 - i/rows) of two years old: ids grow with time, like a real append-only log.
    await db.execute(sql`
      insert into update_log (code, siren, description, created_at)
      select (${sql.param(CODES)}::text[])[1 + (i * 7919) % ${CODES.length}],
             b.siren,
             (${sql.param(DESCRIPTIONS)}::text[])[1 + (i * 31) % ${DESCRIPTIONS.length}] || ' (' || i || ')',
             now() - make_interval(secs => (730 * 86400.0) * (1 - i::float8 / ${rows}::float8))
      from generate_series(${start}::bigint, ${start + n - 1}::bigint) as i
      join bench_sirens b on b.k = (i * 104729) % ${sirens.length}
      order by i`);
    log(`update_log: ${start + n} / ${rows} rows (${Date.now() - t0} ms)`);
  }
  for (const [name, ddl] of SECONDARY) {
    const t0 = Date.now();
    await db.execute(sql.raw(ddl));
    log(`index ${name}: ${Date.now() - t0} ms`);
  }
  await db.execute(sql`drop table bench_sirens`);
  await db.execute(sql`analyze update_log`);
  await db.execute(sql`analyze update_log_daily`);
  await db.execute(sql`analyze update_log_siren_counts`);
}
