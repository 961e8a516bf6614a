/**
 * A misbehaving outside service on 127.0.0.1, for the limits of server/lib/outside-http.ts (tests never reach
 * the internet): each test sets the `handler` that answers; helpers send what a hostile or broken service sends —
 * an endless body (`flood`), a body dribbled a few bytes at a time (`dribble`), a redirect (`redirect`).
 * Every request is logged in `requests` with its body. Open connections are destroyed at `close`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request received. */
export interface HostileRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The running server. */
export interface HostileServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: HostileRequest[];
  /** Answers every request (mutable); the default answers 404. */
  handler: (req: HostileRequest, res: http.ServerResponse) => void;
  close(): Promise<void>;
}

/** Starts a server. */
export async function startHostileServer(): Promise<HostileServer> {
  const requests: HostileRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(r);
      hostile.handler(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hostile: HostileServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    handler: (_req, res) => void res.writeHead(404).end(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return hostile;
}

/**
 * Sends `total` bytes of `fill` in 64 KiB chunks, as fast as the client reads, without a Content-Length
 * (chunked), or with the true one when `announce` is set. Stops quietly when the client goes away.
 */
export function flood(res: http.ServerResponse, total: number, opts: { announce?: boolean; status?: number; prefix?: string; fill?: string } = {}): void {
  res.writeHead(opts.status ?? 200, { 'content-type': 'application/json', ...(opts.announce ? { 'content-length': String(total) } : {}) });
  const chunk = Buffer.alloc(64 * 1024, opts.fill ?? ' ');
  let sent = 0;
  if (opts.prefix) {
    res.write(opts.prefix);
    sent += Buffer.byteLength(opts.prefix);
  }
  const pump = () => {
    while (sent < total && !res.destroyed) {
      const n = Math.min(chunk.length, total - sent);
      sent += n;
      if (!res.write(chunk.subarray(0, n))) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end();
  };
  res.on('error', () => {});
  pump();
}

/** Sends `body` one byte every `everyMs` (headers at once, with the Content-Length of the whole body). */
export function dribble(res: http.ServerResponse, body: string | Buffer, everyMs: number, headers: Record<string, string> = {}): void {
  const data = Buffer.from(body);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(data.length), ...headers });
  let i = 0;
  const timer = setInterval(() => {
    if (res.destroyed || i >= data.length) {
      clearInterval(timer);
      if (!res.destroyed) res.end();
      return;
    }
    res.write(data.subarray(i, i + 1));
    i += 1;
  }, everyMs);
  res.on('close', () => clearInterval(timer));
}

/** Answers a redirect to `location`. */
export function redirect(res: http.ServerResponse, location: string, status = 302): void {
  res.writeHead(status, { location, 'content-type': 'text/plain' }).end(`Redirecting to ${location}`);
}
