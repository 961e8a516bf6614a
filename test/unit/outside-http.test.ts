/**
 * The shared reader of outside answers (server/lib/outside-http.ts) against a hostile server on 127.0.0.1
 * (test/helpers/hostile-server.ts): the byte cap (announced and counted), the total time limit covering the body,
 * the idle limit between chunks, redirects not followed on credentialed calls, and JSON; the limits' settings and
 * their defaults.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { frenchBytes, outsideFetch, OutsideHttpError } from '../../server/lib/outside-http';
import { DEFAULT_FEED_HTTP } from '../../server/modules/feeds/fetch/http';
import { dribble, flood, redirect, startHostileServer, type HostileServer } from '../helpers/hostile-server';

let s: HostileServer;
let other: HostileServer;
beforeAll(async () => {
  s = await startHostileServer();
  other = await startHostileServer();
});
afterAll(async () => {
  await s?.close();
  await other?.close();
});

const limits = { timeoutMs: 2000, maxBytes: 1024 * 1024 };

/** The OutsideHttpError a promise rejects with. */
async function failureOf(p: Promise<unknown>): Promise<OutsideHttpError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutsideHttpError);
  return err as OutsideHttpError;
}

describe('byte cap', () => {
  it('stops reading a chunked body past the cap (50 MB sent, 1 Mo allowed), without holding it', async () => {
    s.handler = (_req, res) => flood(res, 50 * 1024 * 1024);
    const res = await outsideFetch(s.url, {}, limits);
    const before = process.memoryUsage().rss;
    const err = await failureOf(res.json());
    expect(err.kind).toBe('too-large');
    expect(err.message).toBe('réponse trop volumineuse (plus de 1\u00a0Mo)');
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024);
  });

  it('a 3 GB answer stops at the default RNE cap (32 Mo): the finding that crashed the server', async () => {
    s.handler = (_req, res) => flood(res, 3 * 1024 ** 3, { prefix: '{"token":"', fill: 'a' });
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const err = await failureOf(outsideFetch(s.url, { method: 'POST' }, { timeoutMs: 20_000, maxBytes: 32 * 1024 * 1024, redirect: 'manual' }).then((r) => r.json()));
    expect(err).toMatchObject({ kind: 'too-large', message: 'réponse trop volumineuse (plus de 32\u00a0Mo)' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses an announced Content-Length above the cap before reading', async () => {
    s.handler = (_req, res) => flood(res, 2 * 1024 * 1024, { announce: true });
    const err = await failureOf(outsideFetch(s.url, {}, limits));
    expect(err).toMatchObject({ kind: 'too-large', status: 200 });
  });

  it('reads a body within the cap, and lowers the cap per read', async () => {
    s.handler = (_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"token":"abc"}');
    expect(await (await outsideFetch(s.url, {}, limits)).json()).toEqual({ token: 'abc' });
    const res = await outsideFetch(s.url, {}, limits);
    const read = async () => {
      for await (const _ of res.chunks(4)) void _;
    };
    expect((await failureOf(read())).message).toBe('réponse trop volumineuse (plus de 4\u00a0octets)');
  });

  it('names sizes in French units', () => {
    expect([512, 32 * 1024 * 1024, 4 * 1024 ** 3, 1536].map(frenchBytes)).toEqual(['512\u00a0octets', '32\u00a0Mo', '4\u00a0Go', '1,5\u00a0ko']);
  });
});

describe('time limits', () => {
  it('the total limit covers the body: 1 byte every 50 ms fails at 400 ms', async () => {
    s.handler = (_req, res) => dribble(res, '{"results":[]}'.repeat(10), 50);
    const started = Date.now();
    const res = await outsideFetch(s.url, {}, { ...limits, timeoutMs: 400 });
    const err = await failureOf(res.json());
    expect(err).toMatchObject({ kind: 'timeout', message: 'délai dépassé (0,4\u00a0s)' });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('the idle limit drops a body that stalls between two chunks', async () => {
    s.handler = (_req, res) => dribble(res, 'abcdef', 300);
    const res = await outsideFetch(s.url, {}, { ...limits, timeoutMs: 10_000, idleMs: 100 });
    const err = await failureOf(res.bytes());
    expect(err).toMatchObject({ kind: 'idle', message: 'aucune donnée reçue pendant 0,1\u00a0s' });
  });

  it('the total limit covers the headers, and a refused connection is a network failure', async () => {
    s.handler = () => {};
    expect((await failureOf(outsideFetch(s.url, {}, { ...limits, timeoutMs: 200 }))).kind).toBe('timeout');
    const gone = await startHostileServer();
    await gone.close();
    expect((await failureOf(outsideFetch(gone.url, {}, limits))).kind).toBe('network');
  });

  it('an outer signal aborts the call', async () => {
    s.handler = (_req, res) => dribble(res, 'abcdef', 100);
    const outer = new AbortController();
    const res = await outsideFetch(s.url, { signal: outer.signal }, limits);
    setTimeout(() => outer.abort(), 50);
    expect((await failureOf(res.bytes())).kind).toBe('aborted');
  });
});

describe('redirects', () => {
  it('manual: a 302 to another host is a failure that does not name it, and the password is not sent there', async () => {
    other.requests.length = 0;
    s.handler = (_req, res) => redirect(res, `${other.url}/steal`);
    const err = await failureOf(
      outsideFetch(s.url, { method: 'POST', body: JSON.stringify({ password: 'secret-pw' }), headers: { 'content-type': 'application/json' } }, { ...limits, redirect: 'manual' }),
    );
    expect(err).toMatchObject({ kind: 'redirect', status: 302, message: 'redirection (HTTP 302), non suivie' });
    expect(err.message).not.toContain('127.0.0.1');
    expect(other.requests).toHaveLength(0);
  });

  it('follow (the default, for public downloads): the redirect is followed', async () => {
    other.handler = (_req, res) => void res.writeHead(200).end('moved here');
    s.handler = (_req, res) => redirect(res, `${other.url}/file`);
    expect((await (await outsideFetch(s.url, {}, limits)).bytes()).toString()).toBe('moved here');
  });
});

describe('json', () => {
  it('a body that is not JSON is not-json', async () => {
    s.handler = (_req, res) => void res.writeHead(200).end('<html>');
    expect((await failureOf((await outsideFetch(s.url, {}, limits)).json())).kind).toBe('not-json');
  });
});

describe('settings', () => {
  it('default to 32 MiB and 10,000 items for the RNE, 60 s / 30 s / 32 MiB / 4 GiB / 1 h for the fetch, and are read from the environment', () => {
    const config = loadConfig({});
    expect([config.rneMaxResponseBytes, config.rneMaxItems, config.rneTimeoutMs]).toEqual([32 * 1024 * 1024, 10_000, 20_000]);
    const { attempts, backoffMs, ...limits } = config.feedHttp;
    expect(limits).toEqual(DEFAULT_FEED_HTTP);
    expect([attempts, backoffMs]).toEqual([4, 5000]);
    const set = loadConfig({ RNE_MAX_RESPONSE_BYTES: '2048', RNE_MAX_ITEMS: '5', FEED_SIRENE_MAX_BYTES: '4294967296', FEED_HTTP_IDLE_MS: '500' });
    expect([set.rneMaxResponseBytes, set.rneMaxItems, set.feedHttp.sireneMaxBytes, set.feedHttp.idleMs]).toEqual([2048, 5, 4 * 1024 ** 3, 500]);
    expect(() => loadConfig({ RNE_MAX_ITEMS: '0' })).toThrow(/at least 1 items/);
    expect(() => loadConfig({ FEED_HTTP_TIMEOUT_MS: 'soon' })).toThrow(/whole number of milliseconds/);
  });
});
