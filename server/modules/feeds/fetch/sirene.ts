/**
 * The monthly INSEE Sirene fetch: downloads each stock zip of `FEED_SIRENE_URL`
 * (StockUniteLegale, then StockEtablissement when given, e.g. `https://files.data.gouv.fr/insee-sirene/
 * StockUniteLegale_utf8.zip`) with resume, checks its size against the server's, and runs the Sirene import on
 * it (origin `fetch`).
 *
 * - A file whose version (ETag, else Last-Modified, from a HEAD) equals the one of the last successful import
 *   (`feed_state` `sirene`, JSON keyed by file name) is not downloaded again: `unchanged` (a server refusing
 *   HEAD gets the download every time).
 * - A stock whose size (HEAD, then the GET's own headers) passes FEED_SIRENE_MAX_BYTES is refused before a byte is
 *   downloaded; a body without a size is dropped once it passes it.
 * - The download goes to `DATA_DIR/feeds/sirene/<name>.part` and resumes there (HTTP Range) after a cut, a stall
 *   (FEED_HTTP_IDLE_MS), a time-out (FEED_SIRENE_TIMEOUT_MS), a retry or a restart; it becomes `<name>` only at the
 *   announced size.
 * - A failure after the retries is recorded in `feed_files` (status 0, French error, origin `fetch`) under
 *   `sirene-establishments` when the name says `Etablissement`, else `sirene-companies`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { recordFeedFile } from '../feed-files';
import { recordFeedOf } from '../start';
import { httpLimits, type FetchContext, type FetchOutcome } from './context';
import { checkAnnouncedSize, downloadWithResume, FetchFailure, headVersion, type RemoteVersion } from './http';
import { importFetched } from './import';
import { readCursor, writeCursor } from './state';

/** The file name of a stock URL (last path segment), `sirene-stock.zip` when it has none. */
export function stockFilename(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '').replace(/[^\w.-]+/g, '_');
  return name || 'sirene-stock.zip';
}

/** The version string kept in the cursor. */
function versionKey(v: RemoteVersion): string | null {
  return v.etag ?? v.lastModified ?? null;
}

/**
 * Fetches and imports each stock file of `urls`, in order; stops at the first failure.
 * @returns what it did; failures are recorded in `feed_files`, never thrown
 */
export async function fetchSirene(ctx: FetchContext, urls: string[]): Promise<FetchOutcome> {
  const dir = path.join(ctx.downloadDir, 'sirene');
  fs.mkdirSync(dir, { recursive: true });
  const outcome: FetchOutcome = { status: 'unchanged', jobIds: [], fetched: 0 };
  const limits = httpLimits(ctx);
  for (const url of urls) {
    const filename = stockFilename(url);
    const feed = recordFeedOf('sirene', filename);
    const versions = JSON.parse((await readCursor(ctx.db, 'sirene')) ?? '{}') as Record<string, string>;
    let downloaded: RemoteVersion & { bytes: number };
    try {
      // A server that refuses HEAD (405, 501) gets no "unchanged" check: the stock is downloaded.
      const head = await headVersion(url, ctx.retry, limits).catch((err: unknown) => {
        if (err instanceof FetchFailure && (err.status === 405 || err.status === 501)) return null;
        throw err;
      });
      const key = head && versionKey(head);
      if (key && versions[filename] === key) continue;
      // A stock announced larger than FEED_SIRENE_MAX_BYTES is refused before a byte is downloaded.
      if (head) checkAnnouncedSize(url, head, limits.sireneMaxBytes);
      downloaded = await downloadWithResume(url, path.join(dir, filename), ctx.retry, undefined, limits);
    } catch (err) {
      if (!(err instanceof FetchFailure)) throw err;
      await recordFeedFile(ctx.db, { feed, filename, status: 0, lines: 0, error: err.message, origin: 'fetch' });
      return { ...outcome, status: 'failed', error: err.message };
    }
    const one = await importFetched(ctx, { feed: 'sirene', file: path.join(dir, filename), filename, fetched: 1, recordAs: feed }, async () => {
      const key = versionKey(downloaded);
      if (key) await writeCursor(ctx.db, 'sirene', JSON.stringify({ ...versions, [filename]: key }));
    });
    outcome.jobIds.push(...one.jobIds);
    outcome.fetched += 1;
    if (one.status !== 'done') return { ...outcome, status: 'failed', error: one.error };
    outcome.status = 'done';
  }
  return outcome;
}
