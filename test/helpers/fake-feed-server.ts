/**
 * A fake of the two remote feeds on 127.0.0.1 (CONVENTIONS.md section 6: tests never reach the internet),
 * a real HTTP server serving the real samples:
 * - `GET /api/explore/v2.1/catalog/datasets/annonces-commerciales/records` — the Opendatasoft records endpoint
 *   (v2.1): `where` understood for `dateparution = date'YYYY-MM-DD'` and an optional
 *   `and publicationavis = "X"`, `order_by=id`, `limit` (at most 100), `offset` (offset + limit at most 10,000,
 *   else 400 as the real API answers); the answer is `{total_count, results}`.
 * - `HEAD` / `GET /files/<name>` — static files with `ETag`, `Last-Modified`, `Accept-Ranges: bytes` and
 *   single `Range: bytes=n-` requests (206 with Content-Range, 416 beyond the end).
 * Faults, for the retry and resume tests: `failNext(path, n, status)` answers the next n requests of a path
 * with that status; `cutNext(path, bytes)` sends only the first bytes of the next GET of a path, then drops
 * the connection. Every request is logged in `requests`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the server received. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  range?: string;
}

/** The running fake. */
export interface FakeFeedServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** The records endpoint URL (FEED_BODACC_URL). */
  recordsUrl: string;
  /** URL of a served file (FEED_SIRENE_URL). */
  fileUrl(name: string): string;
  requests: FakeRequest[];
  /** Replaces a served file (a new monthly stock): a new ETag and Last-Modified. */
  setFile(name: string, data: Buffer): void;
  failNext(path: string, times: number, status?: number): void;
  cutNext(path: string, bytes: number): void;
  close(): Promise<void>;
}

/** Path of the records endpoint. */
export const RECORDS_PATH = '/api/explore/v2.1/catalog/datasets/annonces-commerciales/records';

/**
 * Starts the fake.
 * @param records - the BODACC records it serves (v2.1 shape: `dateparution`, `publicationavis`, `id`, …)
 * @param files - the files it serves by name
 */
export async function startFakeFeedServer(records: Array<Record<string, unknown>>, files: Record<string, Buffer> = {}): Promise<FakeFeedServer> {
  const served = new Map<string, { data: Buffer; etag: string; lastModified: string }>();
  let version = 0;
  const setFile = (name: string, data: Buffer) => {
    version += 1;
    served.set(name, { data, etag: `"v${version}-${data.length}"`, lastModified: new Date(Date.UTC(2026, 10, version)).toUTCString() });
  };
  for (const [name, data] of Object.entries(files)) setFile(name, data);
  const failures = new Map<string, { times: number; status: number }>();
  const cuts = new Map<string, number>();
  const requests: FakeRequest[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, range: req.headers.range });
    const fault = failures.get(url.pathname);
    if (fault && fault.times > 0) {
      fault.times -= 1;
      res.writeHead(fault.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error_code: 'InternalError', message: 'fake failure' }));
      return;
    }
    if (url.pathname === RECORDS_PATH) return answerRecords(url.searchParams, records, res);
    const file = url.pathname.startsWith('/files/') ? served.get(decodeURIComponent(url.pathname.slice('/files/'.length))) : undefined;
    if (!file) return void res.writeHead(404).end();
    const headers = { etag: file.etag, 'last-modified': file.lastModified, 'accept-ranges': 'bytes', 'content-type': 'application/zip' };
    const size = file.data.length;
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    if (range && start >= size) return void res.writeHead(416, { ...headers, 'content-range': `bytes */${size}` }).end();
    const body = file.data.subarray(start);
    const status = range ? 206 : 200;
    res.writeHead(status, { ...headers, 'content-length': String(body.length), ...(range ? { 'content-range': `bytes ${start}-${size - 1}/${size}` } : {}) });
    if (req.method === 'HEAD') return void res.end();
    const cut = cuts.get(url.pathname);
    if (cut !== undefined) {
      cuts.delete(url.pathname);
      res.write(body.subarray(0, cut), () => res.destroy());
      return;
    }
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    recordsUrl: origin + RECORDS_PATH,
    fileUrl: (name) => `${origin}/files/${encodeURIComponent(name)}`,
    requests,
    setFile,
    failNext: (path, times, status = 500) => void failures.set(path, { times, status }),
    cutNext: (path, bytes) => void cuts.set(path, bytes),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The records endpoint: filter, order by id, page. */
function answerRecords(q: URLSearchParams, records: Array<Record<string, unknown>>, res: http.ServerResponse): void {
  const where = q.get('where') ?? '';
  const day = /dateparution = date'(\d{4}-\d{2}-\d{2})'/.exec(where)?.[1];
  const bulletin = /publicationavis = "([ABC])"/.exec(where)?.[1];
  const limit = Math.min(Number(q.get('limit') ?? 10), 100);
  const offset = Number(q.get('offset') ?? 0);
  if (offset + limit > 10_000) {
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error_code: 'InvalidRESTParameterError', message: 'offset + limit > 10000' }));
    return;
  }
  const matching = records
    .filter((r) => (!day || r.dateparution === day) && (!bulletin || r.publicationavis === bulletin))
    .sort((a, b) => String(a.id).localeCompare(String(b.id)));
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ total_count: matching.length, results: matching.slice(offset, offset + limit) }));
}
