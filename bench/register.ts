/**
 * Register generator of the customer API bench: N companies (`companies`, default 1,000,000) with one head-office
 * establishment each (`establishments`, NIC 00012, named by `companies.head_office_nic` and flagged head office), in
 * two set-based `insert … select … from generate_series` statements. SIRENs are valid (Luhn check digit computed in
 * SQL: doubled digits at even positions from the right, as INSEE's SIREN key) and spread over the 9-digit space.
 * The register is kept between runs when it already holds exactly N generated companies; otherwise both tables are
 * emptied first (the INSEE feed cases of bench/feed-sirene.ts empty them too).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';
import { rowsOf } from '../server/db/rows';

/** Name prefix of the generated companies: how a run recognises its register. */
const NAME = 'BENCH REGISTRE';

/** A digit of the 8-digit base `b` (1 = leftmost), as SQL. */
const digit = (k: number) => `((b / ${10 ** (8 - k)}) % 10)`;
/** A digit doubled as the Luhn key does (2d, minus 9 above 9), as SQL. */
const doubled = (k: number) => `((2 * ${digit(k)}) - case when ${digit(k)} >= 5 then 9 else 0 end)`;
/** The SIREN of the 8-digit base `b`: the base followed by its Luhn check digit, as SQL. */
const SIREN = `lpad((b * 10 + (10 - (${digit(1)} + ${digit(3)} + ${digit(5)} + ${digit(7)} + ${doubled(2)} + ${doubled(4)} + ${doubled(6)} + ${doubled(8)}) % 10) % 10)::text, 9, '0')`;

/**
 * Makes `companies` hold exactly `n` generated companies with their head offices (see the module comment).
 * @returns whether the register was (re)generated
 */
export async function ensureRegister(db: Db, n: number, log: (msg: string) => void): Promise<boolean> {
  const [have] = await rowsOf<{ all: string; ours: string }>(
    db,
    sql`select count(*)::bigint as all, count(*) filter (where name like ${NAME + ' %'})::bigint as ours from companies`,
  );
  if (Number(have.all) === n && Number(have.ours) === n) {
    log(`register: reusing ${n} companies`);
    return false;
  }
  log(`register: generating ${n} companies and their head offices (had ${have.all})`);
  // One transaction, without the app's statement time-out: a million rows take longer than a request may.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    await generate(tx as unknown as Db, n, log);
  });
  await db.execute(sql`analyze companies`);
  await db.execute(sql`analyze establishments`);
  return true;
}

/** Empties the register and fills it with `n` companies and their head offices. */
async function generate(db: Db, n: number, log: (msg: string) => void): Promise<void> {
  await db.execute(sql`truncate companies, establishments`);
  // Bases from 10,000,000 up by a step that spreads n of them below 100,000,000.
  const step = Math.max(1, Math.floor(89_999_999 / n));
  const bases = sql.raw(`(select 10000000::bigint + i * ${step} as b, i from generate_series(0::bigint, ${n - 1}::bigint) as i) g`);
  let t0 = Date.now();
  await db.execute(sql`
    insert into companies (siren, name, legal_form, naf_code, naf_nomenclature, state, created_on, head_office_nic, employee_band, insee_processed_at)
    select ${sql.raw(SIREN)}, ${NAME + ' '}::text || i, (array['5710', '5499', '1000', '6540'])[1 + i % 4],
           (array['62.01Z', '70.22Z', '47.11F', '41.20A'])[1 + i % 4], 'NAFRev2', case when i % 10 = 0 then 'C' else 'A' end,
           date '1990-01-01' + (i % 12000)::int, '00012', '11', timestamp '2025-01-01' + make_interval(secs => i)
      from ${bases}`);
  log(`register: companies ${Date.now() - t0} ms`);
  t0 = Date.now();
  await db.execute(sql`
    insert into establishments (siret, siren, nic, head_office, state, naf_code, naf_nomenclature, name, address_line1, postcode, commune_code, commune_name, created_on, insee_processed_at)
    select s.siren || '00012', s.siren, '00012', true, 'A', '62.01Z', 'NAFRev2', null, (1 + i % 200) || ' RUE DE LA PAIX',
           lpad(((1 + i % 95) * 1000)::text, 5, '0'), lpad(((1 + i % 95) * 1000 + 56)::text, 5, '0'), 'COMMUNE ' || (i % 95),
           date '1990-01-01' + (i % 12000)::int, timestamp '2025-01-01' + make_interval(secs => i)
      from (select ${sql.raw(SIREN)} as siren, i from ${bases}) s`);
  log(`register: establishments ${Date.now() - t0} ms`);
}

/** `k` SIRENs of the register taken at random (a block sample, shuffled). */
export async function randomCompanySirens(db: Db, k: number): Promise<string[]> {
  const rows = await rowsOf<{ siren: string }>(db, sql`select siren from companies tablesample system (1) order by random() limit ${k}`);
  return rows.map((r) => r.siren);
}
