/**
 * The daily BODACC fetch: pages through the notices of the Opendatasoft dataset
 * `annonces-commerciales` published since the last success, through the records endpoint of the Explore API
 * v2.1 (`FEED_BODACC_URL`, e.g. `https://bodacc-datadila.opendatasoft.com/api/explore/v2.1/catalog/datasets/
 * annonces-commerciales/records`; answer `{total_count, results: [...]}`), writes them to one v2.1-shaped JSON
 * file and runs the BODACC import on it (origin `fetch`).
 *
 * - Window: from the cursor (last publication date of a successful fetch, `feed_state` `bodacc`; BODACC_FIRST_DAYS
 *   days back on the first run) to today, day by day (`dateparution = date'…'`, ordered by `id`). The cursor's
 *   own day is read again: notices published late that day are caught, and the import deduplicates the others.
 * - The records endpoint serves at most ODS_WINDOW records per query (offset + limit): a larger day is read
 *   bulletin by bulletin (`publicationavis`), and a bulletin-day still larger fails with a French error.
 * - Each page is read within FEED_HTTP_TIMEOUT_MS all told (body included), FEED_HTTP_IDLE_MS between chunks and
 *   FEED_BODACC_MAX_BYTES (fetch/http.ts): a server that stalls or floods fails the run rather than holding it, so
 *   the failure is counted and the next scheduled run happens.
 * - A request that fails (network, 5xx, time-out) is retried with backoff; when the attempts are exhausted a `feed_files`
 *   row with status 0 and the French error is recorded (origin `fetch`), which the feed health counts.
 * - No notice in the window: a status 1 row with 0 lines is recorded (the feed answered), the cursor stays.
 */
import fs from 'node:fs';
import path from 'node:path';
import { recordFeedFile } from '../feed-files';
import { httpLimits, type FetchContext, type FetchOutcome } from './context';
import { importFetched } from './import';
import { FetchFailure, getJson, type FeedHttpLimits, type RetryOptions } from './http';
import { readCursor, writeCursor } from './state';

/** Days read on the first run (no cursor yet). */
export const BODACC_FIRST_DAYS = 7;
/** Records per page (the endpoint's maximum). */
export const ODS_PAGE = 100;
/** Largest offset + limit the records endpoint serves. */
export const ODS_WINDOW = 10_000;

/** One page of the records endpoint. */
interface OdsPage {
  total_count: number;
  results: Array<Record<string, unknown>>;
}

/** YYYY-MM-DD of `d` (UTC). */
function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The days from `from` to `to` inclusive (YYYY-MM-DD). */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${from}T00:00:00Z`); isoDay(d) <= to; d = new Date(d.getTime() + 86_400_000)) out.push(isoDay(d));
  return out;
}

/** How pages are read: retries and limits. */
interface Reading {
  retry: RetryOptions;
  limits: FeedHttpLimits;
}

/** GETs one page (at most FEED_BODACC_MAX_BYTES, within FEED_HTTP_TIMEOUT_MS); checks its shape. @throws FetchFailure */
async function page(url: string, where: string, offset: number, reading: Reading): Promise<OdsPage> {
  const u = new URL(url);
  u.searchParams.set('where', where);
  u.searchParams.set('order_by', 'id');
  u.searchParams.set('limit', String(ODS_PAGE));
  u.searchParams.set('offset', String(offset));
  const body = (await getJson(u.toString(), reading.retry, reading.limits)) as Partial<OdsPage> | null;
  if (!body || typeof body.total_count !== 'number' || !Array.isArray(body.results)) {
    throw new FetchFailure('Réponse inattendue de l’API BODACC (ni total_count ni results)\u00a0: vérifiez FEED_BODACC_URL (endpoint records de l’API v2.1).');
  }
  if (body.results.length > ODS_PAGE) {
    throw new FetchFailure(`Réponse inattendue de l’API BODACC\u00a0: ${body.results.length} annonces dans une page, au plus ${ODS_PAGE} demandées.`);
  }
  return body as OdsPage;
}

/**
 * Every record matching `where`, page by page, handed to `write` (one page in memory at a time).
 * @returns the number of records
 */
async function readAll(url: string, where: string, reading: Reading, write: (r: Record<string, unknown>) => Promise<void>, first?: OdsPage): Promise<number> {
  let count = 0;
  let offset = 0;
  let current = first ?? (await page(url, where, 0, reading));
  for (;;) {
    for (const r of current.results) await write(r);
    count += current.results.length;
    offset += current.results.length;
    if (!current.results.length || offset >= current.total_count) return count;
    current = await page(url, where, offset, reading);
  }
}

/**
 * Fetches the notices since the last success and imports them.
 * @returns what it did; a failure is recorded in `feed_files`, never thrown
 */
export async function fetchBodacc(ctx: FetchContext, url: string): Promise<FetchOutcome> {
  const now = ctx.now?.() ?? new Date();
  const today = isoDay(now);
  const cursor = await readCursor(ctx.db, 'bodacc');
  const from = cursor && cursor <= today ? cursor : isoDay(new Date(now.getTime() - BODACC_FIRST_DAYS * 86_400_000));
  const filename = `bodacc-${from}_${today}.json`;
  fs.mkdirSync(path.join(ctx.downloadDir, 'bodacc'), { recursive: true });
  const file = path.join(ctx.downloadDir, 'bodacc', filename);
  const reading: Reading = { retry: ctx.retry, limits: httpLimits(ctx) };
  let fetched = 0;
  let lastDay: string | null = null;
  try {
    const fh = await fs.promises.open(file, 'w');
    try {
      await fh.write('{"results":[');
      const write = async (r: Record<string, unknown>) => {
        await fh.write((fetched++ ? ',' : '') + JSON.stringify(r));
        const day = typeof r.dateparution === 'string' ? r.dateparution.slice(0, 10) : null;
        if (day && (!lastDay || day > lastDay)) lastDay = day;
      };
      for (const day of daysBetween(from, today)) {
        const where = `dateparution = date'${day}'`;
        const first = await page(url, where, 0, reading);
        const window = ctx.odsWindow ?? ODS_WINDOW;
        if (first.total_count <= window) {
          await readAll(url, where, reading, write, first);
          continue;
        }
        for (const bulletin of ['A', 'B', 'C']) {
          const byBulletin = `${where} and publicationavis = "${bulletin}"`;
          const head = await page(url, byBulletin, 0, reading);
          if (head.total_count > window) {
            throw new FetchFailure(`BODACC ${bulletin} du ${day}\u00a0: ${head.total_count} annonces, au-delà des ${window} que l’API sert par requête.`);
          }
          await readAll(url, byBulletin, reading, write, head);
        }
      }
      await fh.write(`],"total_count":${fetched}}`);
    } finally {
      await fh.close();
    }
  } catch (err) {
    fs.rmSync(file, { force: true });
    if (!(err instanceof FetchFailure)) throw err;
    await recordFeedFile(ctx.db, { feed: 'bodacc', filename, status: 0, lines: 0, error: err.message, origin: 'fetch' });
    return { status: 'failed', jobIds: [], error: err.message, fetched };
  }
  if (fetched === 0) {
    fs.rmSync(file, { force: true });
    await recordFeedFile(ctx.db, { feed: 'bodacc', filename, status: 1, lines: 0, origin: 'fetch', summary: { notices: 0 } });
    return { status: 'done', jobIds: [], fetched };
  }
  return importFetched(ctx, { feed: 'bodacc', file, filename, fetched }, async () => {
    if (lastDay) await writeCursor(ctx.db, 'bodacc', lastDay);
  });
}
