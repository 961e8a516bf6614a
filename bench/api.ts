/**
 * Customer API cases of `npm run bench -- --only api` (server/api), over HTTP with a Prod bearer token
 * (bench/api-client.ts), each call checked 200:
 * - `api.companies.get`: `GET /v1/companies/{siren}` over random SIRENs of a 1,000,000-company register with
 *   its head offices (bench/register.ts, generated once); budget p95 <= 10 ms; `api.companies.get.sql`: the same
 *   answers built in process (server/api/companies.ts `companyOf`, no HTTP, no token);
 * - `api.updates.page`: `GET /v1/updates?since=<xid>.<id>&limit=100` from random cursors, real (xid, id) pairs read
 *   from the whole log (a block sample of the N entries bench/generate.ts wrote); budget p95 <= 20 ms;
 * - `api.updates.page.siren`: the same with `siren=` (a SIREN of the log) from random cursors;
 * - `api.updates.page.sql` and `api.updates.page.siren.sql`: the same pages read in process
 *   (server/api/updates.ts `updatesPage`, no HTTP, no token): the floor under the HTTP figures.
 * Each updates case prints its query's plan (EXPLAIN ANALYZE, stderr) and stops when the plan does not use the
 * index it is built for (update_log_xid_id_idx, update_log_siren_xid_id_idx).
 */
import { sql } from 'drizzle-orm';
import { companyOf } from '../server/api/companies';
import { updatesPage } from '../server/api/updates';
import type { AppContext } from '../server/context';
import type { Db } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { benchApiToken } from './api-client';
import { ensureRegister, randomCompanySirens } from './register';

/** Companies of the register the companies case reads. */
export const REGISTER_COMPANIES = 1_000_000;
/** Calls per case at least (random keys: more calls than the other cases for a steady p95). */
const CALLS = 200;

/** What the bench runner gives the API cases. */
export interface ApiBenchContext {
  ctx: AppContext;
  /** The running app, e.g. `http://127.0.0.1:41234`. */
  base: string;
  measure: (name: string, fn: () => Promise<unknown>, n?: number, warmup?: number) => Promise<void>;
  log: (msg: string) => void;
}

/** A log position `<xid>.<id>` and the SIREN of its entry. */
export interface Position {
  cursor: string;
  xid: string;
  id: string;
  siren: string;
}

/** About `k` entries of the whole log, in random order (a block sample: no scan of the 10M rows). */
export async function randomPositions(db: Db, k: number): Promise<Position[]> {
  const [{ n }] = await rowsOf<{ n: string }>(db, sql`select reltuples::bigint as n from pg_class where relname = 'update_log'`);
  const percent = Math.min(100, Math.max(0.001, ((k * 4) / Math.max(1, Number(n))) * 100));
  const rows = await rowsOf<{ xid: string; id: string; siren: string }>(
    db,
    sql`select xid::text as xid, id::text as id, siren from update_log tablesample system (${sql.raw(percent.toFixed(4))}) order by random() limit ${k}`,
  );
  return rows.map((r) => ({ ...r, cursor: `${r.xid}.${r.id}` }));
}

/** Runs the API cases (`--only api`, `--only api.companies`, `--only api.updates`). */
export async function benchApi(b: ApiBenchContext, only?: string): Promise<void> {
  const runs = (name: string) => !only || name.startsWith(only) || only.startsWith(name);
  const token = await benchApiToken(b.ctx.db, b.ctx.box, b.base);
  const headers = { authorization: `Bearer ${token}` };
  const get = async (p: string): Promise<unknown> => {
    const res = await fetch(b.base + p, { headers });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET ${p}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };
  let k = 0;
  const next = <T>(list: T[]): T => list[k++ % list.length];

  if (runs('api.companies')) {
    await ensureRegister(b.ctx.db, REGISTER_COMPANIES, b.log);
    const sirens = await randomCompanySirens(b.ctx.db, 1000);
    await b.measure('api.companies.get', () => get(`/v1/companies/${next(sirens)}`), CALLS);
    await b.measure('api.companies.get.sql', () => companyOf(b.ctx.db, next(sirens)), CALLS);
  }

  if (runs('api.updates')) {
    const positions = await randomPositions(b.ctx.db, 2000);
    b.log(`updates: ${positions.length} cursors sampled over the log`);
    await explainPage(b, positions[0], false);
    await explainPage(b, positions[1], true);
    await b.measure('api.updates.page', async () => {
      const page = (await get(`/v1/updates?since=${next(positions).cursor}&limit=100`)) as { data: unknown[]; has_more: boolean };
      if (page.data.length !== 100 && page.has_more) throw new Error('a page with more to read holds fewer than 100 entries');
    }, CALLS);
    await b.measure('api.updates.page.sql', () => updatesPage(b.ctx.db, { after: cursorOf(next(positions)), limit: 100 }), CALLS);
    // A SIREN of the log from a cursor of another entry: anywhere in that SIREN's history, or past its end.
    await b.measure('api.updates.page.siren', () => get(`/v1/updates?siren=${next(positions).siren}&since=${next(positions).cursor}&limit=100`), CALLS);
    await b.measure('api.updates.page.siren.sql', () => updatesPage(b.ctx.db, { after: cursorOf(next(positions)), siren: next(positions).siren, limit: 100 }), CALLS);
  }
}

const cursorOf = (p: Position) => ({ xid: p.xid, id: p.id });

/**
 * EXPLAIN ANALYZE of the page query of server/api/updates.ts from `p` (with its SIREN when `bySiren`), printed; the
 * index it must use checked.
 * @throws Error when the plan does not scan that index
 */
async function explainPage(b: ApiBenchContext, p: Position, bySiren: boolean): Promise<void> {
  const plan = await rowsOf<{ 'QUERY PLAN': string }>(b.ctx.db, sql`explain (analyze, buffers)
    select id, code, siren, description, source_label, source_url, xid::text as xid, created_at
      from update_log
     where xid < pg_snapshot_xmin(pg_current_snapshot())
       and (xid, id) > (${p.xid}::xid8, ${p.id}::bigint)
       ${bySiren ? sql`and siren = ${p.siren}` : sql``}
     order by update_log.xid, update_log.id
     limit 101`);
  const text = plan.map((r) => r['QUERY PLAN']).join('\n');
  const index = bySiren ? 'update_log_siren_xid_id_idx' : 'update_log_xid_id_idx';
  b.log(`plan of a page${bySiren ? ' of one SIREN' : ''} from ${p.cursor}:\n${text}`);
  if (!new RegExp(`Index (Only )?Scan using ${index}\\b`).test(text)) throw new Error(`the page query does not use ${index}:\n${text}`);
}
