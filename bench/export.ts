/**
 * CSV export case of `npm run bench` (« Exporter CSV » of every list, server/http/list-export.ts):
 * `export.update_log.<N>m` downloads the whole update log through the real route
 * (`GET /api/messages/export.csv`, newest first) over HTTP, reading the body as it comes without keeping it,
 * and records `{rows, seconds, mb, rss_base_mb, rss_peak_mb, rss_delta_mb, live_delta_mb}`: the process's resident
 * memory is sampled every 20 ms during the download (the app runs in the bench's process), so `rss_delta_mb` is
 * what the process grew by at its peak, garbage V8 has not collected yet included; `live_delta_mb` is the growth
 * of the heap still in use, read right after a full garbage collection every 5 seconds. Memory is flat when the
 * live growth stays well under the file's size: the case fails when it passes a tenth of it.
 * `npm run bench -- --only export` runs it on 1,000,000 entries (`export.update_log.1m`).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { NewsBenchContext } from './news';

/** The bench tools the export case uses, with the base URL and cookie header of the signed-in client. */
export interface ExportBenchContext extends Pick<NewsBenchContext, 'record' | 'log'> {
  base: string;
  cookie: () => string;
  /** Log entries present. */
  rows: number;
}

const MB = 1024 * 1024;
const round = (n: number) => Math.round(n * 100) / 100;

/** Downloads the update log's CSV once; records its figures; throws when memory was not flat. */
export async function benchExport(b: ExportBenchContext): Promise<void> {
  // A full collection on demand (what `node --expose-gc` gives), to read the memory still in use.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const base = process.memoryUsage().rss;
  const liveBase = process.memoryUsage().heapUsed;
  let peak = base;
  let livePeak = liveBase;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const collector = setInterval(() => {
    gc();
    livePeak = Math.max(livePeak, process.memoryUsage().heapUsed);
  }, 5000);
  const t0 = performance.now();
  const res = await fetch(`${b.base}/api/messages/export.csv`, { headers: { 'x-requested-with': 'XMLHttpRequest', cookie: b.cookie() } });
  if (!res.ok || !res.body) throw new Error(`GET /api/messages/export.csv: ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  clearInterval(collector);
  peak = Math.max(peak, process.memoryUsage().rss);
  // The header line, then one line per entry (descriptions have no line break).
  if (lines - 1 !== b.rows) throw new Error(`export: ${lines - 1} rows, ${b.rows} expected`);
  const figures = {
    rows: b.rows,
    seconds: round(seconds),
    mb: round(bytes / MB),
    rss_base_mb: round(base / MB),
    rss_peak_mb: round(peak / MB),
    rss_delta_mb: round((peak - base) / MB),
    live_delta_mb: round((livePeak - liveBase) / MB),
  };
  b.record(`export.update_log.${round(b.rows / 1_000_000)}m`, figures);
  if (livePeak - liveBase > bytes / 10) throw new Error(`export: memory in use grew by ${figures.live_delta_mb} MB for a ${figures.mb} MB file`);
}
