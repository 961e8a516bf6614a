/**
 * Property-based fuzzing of every route, with fast-check: generated JSON bodies
 * (near-valid bodies built from each route's OpenAPI schema with some fields replaced, or any JSON: strings
 * with control characters, huge numbers, nested objects, arrays, wrong types), raw payloads, query strings,
 * path parameters and headers, sent to every route of the shared route enumeration, signed in (with the CSRF
 * header) or not. Property: no answer is a 5xx, and every 4xx has the error shape (`{message}` string; on
 * 422 also `errors`, a map of string arrays). The customer API has its own shapes: RFC 9457 problems on `/v1`
 * (signed-in cases carry a customer's bearer token there) and RFC 6749 `{error}` on `/oauth/token`.
 *
 * `npm test` runs FUZZ_RUNS (default 500) cases from a fixed seed. `npm run fuzz` (scripts/fuzz.mjs) runs
 * many more from a random seed, printed first and in any counterexample; replay a failure with
 * `FUZZ_SEED=<seed> FUZZ_RUNS=<n> npx vitest run --project api-pglite test/api/fuzz.test.ts`.
 * Every 5xx found is fixed and kept below as a regression case (`REGRESSIONS`).
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { newCustomer, tokenOf } from '../helpers/customer-api';
import { bodyRoutes, sample, withLeaf, type SchemaNode } from '../helpers/openapi';
import { DOCS_PREFIX, listRoutes, routeKey, type Route } from '../helpers/routes';

const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
/** The feed push (bearer-token route) is on, and signed-in cases carry its token, so its bodies are fuzzed too. */
const FEED_TOKEN = 'fuzz-feed-token-0123456789';
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20_260_601;

/** One generated request. */
interface Case {
  route: string; // routeKey of the target
  signedIn: boolean;
  /** Values of the path parameters, in order: encoded, or sent as written (`raw`: bad escapes, `%2F`). */
  params: Array<string | { raw: string }>;
  query: Array<[string, string]>;
  headers: Record<string, string>;
  /** JSON value (sent as JSON), or a raw payload with its content type. */
  body: { json: unknown } | { raw: string; type: string } | undefined;
}

/** Cases that once answered 5xx, kept after their fix (found by the seed noted beside each). */
const REGRESSIONS: Case[] = [
  // seed 20260601 path 204: a control character under the query key `__proto__` gave a 422 with `errors: {}`.
  { route: 'POST /api/profile/uploadAvatarAuthUser', signedIn: true, params: [], query: [['__proto__', '\u0007']], headers: {}, body: { json: {} } },
  // boundary sweep: a group id above the int4 range reached PostgreSQL (500 "out of range for type integer").
  { route: 'POST /api/groups/addsirens', signedIn: true, params: [], query: [], headers: {}, body: { json: { id: 2147483648, sirens: ['552032534'] } } },
  // boundary sweep: a path parameter above the router's 100 characters answered Fastify's own English 414 body.
  { route: 'GET /api/admins/getUserRoles/:id', signedIn: true, params: ['1'.repeat(300)], query: [], headers: {}, body: undefined },
  // seed 20260601: a control character in the query of the deals import gave the shared 422 {message, errors}, which
  // the route's answer schema (a refused file, with its lines) rejected: 500 "Response doesn't match the schema".
  { route: 'POST /api/transactions/import', signedIn: true, params: [], query: [['__proto__', '\u0010']], headers: {}, body: undefined },
  // security review: a NUL in a multipart file name reached the job's jsonb payload (500), on every import route;
  // a multipart body ending before its closing boundary failed the file's stream (500); a deal amount of 1e21 or
  // more, which JavaScript writes 1e+21, reached numeric(18,2) (500).
  ...['news/import', 'transactions/import', 'supervisions/import/:feed'].flatMap((path): Case[] => [
    { route: `POST /api/${path}`, signedIn: true, params: ['bodacc'], query: [], headers: {}, body: { raw: multipartText('a\u0000.csv', true), type: 'multipart/form-data; boundary=x' } },
    { route: `POST /api/${path}`, signedIn: true, params: ['sirene'], query: [], headers: {}, body: { raw: multipartText('a.csv', false), type: 'multipart/form-data; boundary=x' } },
  ]),
  ...[1e21, 1e300, -1e21].map((amount): Case => ({ route: 'POST /api/transactions/storedeal', signedIn: true, params: [], query: [], headers: {}, body: { json: { deal_identifier: 'FUZZ-1', deal_date: '2026-03-15', amount, currency: 'EUR', entities: [{ name: 'Société', entityrole_id: 0 }] } } })),
];

/** A multipart body (boundary `x`) with one file part named `filename`, its closing boundary sent or not. */
function multipartText(filename: string, closed: boolean): string {
  const body = `--x\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\na;b\r\n1;2\r\n`;
  return closed ? `${body}\r\n--x--\r\n` : body;
}

// ---------- generators ----------

const specials = [
  '', ' ', '\u0000', 'a\u0000b', '\u0007', '\u001b[31m', '\r', '\u0085', '\ud800', '\udfff', '\ufeff', '\u202e',
  '0x1', '1e309', '-1', '1.0', '+1', ' 1', '１', '٣', 'NaN', 'Infinity', 'null', 'true', '[]', '{}',
  '__proto__', 'constructor', 'toString', "'; drop table admins; --", '%00', '%', '../../etc/passwd',
  'a'.repeat(256), 'é'.repeat(600), '💥'.repeat(40),
];
const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...specials) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{1,12}$/) },
);
const number = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(0, -1, 1, 10, 2147483647, 2147483648, -2147483649, 2 ** 31 * 3, 2 ** 53, 2 ** 53 + 2, 1e21, 1e308, -1e308, 0.5, -0) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);
const leaf = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const key = fc.oneof(fc.constantFrom('id', 'name', 'email', 'search', 'sirens', 'pagination', '__proto__', 'constructor', ''), fc.string({ maxLength: 8 }));
const { value: anyJson } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4 }),
  ),
}));
/** What replaces a field of a near-valid body: mostly a value of the field's own type (edge numbers, odd strings), else any JSON. */
function replacementFor(current: unknown): fc.Arbitrary<unknown> {
  const same = typeof current === 'number' ? number : typeof current === 'string' ? text : anyJson;
  return fc.oneof({ weight: 3, arbitrary: same }, { weight: 1, arbitrary: anyJson });
}

/** The value at a dotted path. */
function leafAt(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);
}
/** Printable ASCII: what an HTTP client can put in a header. */
const headerText = fc.oneof(fc.constantFrom('', '1', '127.0.0.1', 'unknown', '1.2.3.4, 5.6.7.8', '::1', 'a'.repeat(2000)), fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }));

/** Every leaf path of a schema's sample (`a`, `a.b`, `sirens.0`). */
function leafPaths(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    return [...(prefix ? [prefix] : []), ...entries.flatMap(([k, v]) => leafPaths(v, prefix ? `${prefix}.${k}` : k))];
  }
  return prefix ? [prefix] : [];
}

function caseArbitrary(routes: Route[], schemas: Map<string, SchemaNode>): fc.Arbitrary<Case> {
  // Routes that take a body hold most of the rules: three times as likely.
  const weighted = routes.map((r) => ({ weight: schemas.has(routeKey(r)) ? 3 : 1, arbitrary: fc.constant(r) }));
  return fc.oneof(...weighted).chain((route) => {
    const schema = schemas.get(routeKey(route));
    const base = schema ? sample(schema) : undefined;
    const paths = base === undefined ? [] : leafPaths(base);
    const nearValid = paths.length
      ? fc.array(fc.constantFrom(...paths).chain((p) => fc.tuple(fc.constant(p), replacementFor(leafAt(base, p)))), { minLength: 1, maxLength: 3 }).map((edits) => ({
          json: edits.reduce<unknown>((acc, [p, v]) => withLeaf(acc, p, v), base),
        }))
      : anyJson.map((json) => ({ json }));
    const raw = fc.record({
      raw: fc.oneof(fc.constantFrom('{"id": 1e400}', '{"page": 99999999999999999999}', '[', '{"a":', 'null', '""', '{"__proto__": {"x": 1}}', '{"constructor": {"prototype": {"x": 1}}}', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]', multipartText('a\u0000.csv', true), multipartText('a.csv', false), '['.repeat(5000) + ']'.repeat(5000)), text),
      type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1'),
    });
    const paramCount = (route.pattern.match(/:[A-Za-z_]\w*/g) ?? []).length;
    return fc.record({
      route: fc.constant(routeKey(route)),
      signedIn: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      params: fc.array(
        fc.oneof(
          fc.constantFrom('1', '2', '0', '2147483648', '99999999999999999999', 'officers'),
          text,
          fc.constantFrom('%', '%zz', '%ED%A0%80', '%00', '%2F', '..', '%2e%2e', 'a'.repeat(300)).map((raw) => ({ raw })),
        ),
        { minLength: paramCount, maxLength: paramCount },
      ),
      query: fc.array(fc.tuple(fc.constantFrom('page', 'search', 'id', 'x', '__proto__'), text), { maxLength: 3 }),
      headers: fc.dictionary(fc.constantFrom('x-forwarded-for', 'accept', 'accept-language', 'user-agent', 'x-xsrf-token', 'cookie', 'origin', 'referer'), headerText, { maxKeys: 3 }),
      body:
        route.method === 'GET'
          ? fc.constant(undefined)
          : fc.oneof({ weight: 4, arbitrary: nearValid }, { weight: 2, arbitrary: anyJson.map((json) => ({ json })) }, { weight: 1, arbitrary: raw }, { weight: 1, arbitrary: fc.constant(undefined) }),
    });
  });
}

// ---------- the property ----------

let t: TestApp;
let routes: Route[];
let schemas: Map<string, SchemaNode>;
let admin: Client;
/** A Prod bearer token of the customer API, sent by the signed-in cases of `/v1` routes. */
let customerToken = '';

beforeAll(async () => {
  t = await createTestApp({ FEED_TOKEN, API_RATE_LIMIT: '100000' });
  customerToken = await tokenOf(t, await newCustomer(await t.superAdmin()));
  routes = listRoutes(t.app).filter((r) => !r.pattern.startsWith(DOCS_PREFIX));
  schemas = new Map(bodyRoutes(t.app).map((r) => [`${r.method} ${r.pattern}`, r.schema]));
  admin = (await t.newAdmin()).client;
  await admin.ensureCsrf();
});
afterAll(async () => t?.close());

const anonCsrf = { cookie: '', token: '' };

/** Percent-encodes like a client; a lone surrogate goes as the UTF-8 bytes a client would send (U+FFFD). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
  }
}

/** Sends one case as a browser (or a forger) would. */
async function send(c: Case): Promise<LightMyRequestResponse> {
  const route = routes.find((r) => routeKey(r) === c.route)!;
  let i = 0;
  const path = route.pattern
    .replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, () => {
      const p = c.params[i++] ?? '1';
      return typeof p === 'string' ? encode(p) : p.raw;
    })
    .replace(/\*/g, 'x');
  const qs = new URLSearchParams(c.query).toString();
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
  if (c.signedIn) {
    headers.cookie = Object.entries(admin.cookies).map(([k, v]) => `${k}=${v}`).join('; ');
    headers['x-xsrf-token'] = encodeURIComponent(admin.cookies['XSRF-TOKEN']);
    headers.authorization = `Bearer ${route.pattern.startsWith('/v1/') ? customerToken : FEED_TOKEN}`;
  } else if (anonCsrf.cookie) {
    headers.cookie = anonCsrf.cookie;
    headers['x-xsrf-token'] = anonCsrf.token;
  }
  for (const [k, v] of Object.entries(c.headers)) headers[k] = k === 'cookie' && headers.cookie ? `${headers.cookie}; ${v}` : v;
  let payload: string | undefined;
  if (c.body && 'json' in c.body) {
    payload = JSON.stringify(c.body.json) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (c.body) {
    payload = c.body.raw;
    headers['content-type'] = c.body.type;
  }
  return t.app.inject({ method: route.method, url: qs ? `${path}?${qs}` : path, headers, payload });
}

/**
 * The property: no 5xx; every 4xx has the error shape of its part (`route`: the case's route key). Returns a
 * description of the breach, or undefined.
 */
function breach(res: LightMyRequestResponse, route = ''): string | undefined {
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} not JSON: ${res.body.slice(0, 200)}`;
  }
  const pattern = route.split(' ')[1] ?? '';
  if (pattern.startsWith('/v1/')) {
    const p = body as { type?: unknown; title?: unknown; status?: unknown };
    const ok = String(res.headers['content-type']).startsWith('application/problem+json') && typeof p.type === 'string' && p.type.startsWith('/v1/problems/') && typeof p.title === 'string' && p.status === res.statusCode;
    return ok ? undefined : `${res.statusCode} not an RFC 9457 problem: ${res.body.slice(0, 200)}`;
  }
  if (pattern.startsWith('/oauth/')) {
    // The limiter's 429, which RFC 6749 does not cover, is a problem as on /v1.
    if (res.statusCode === 429) return (body as { type?: unknown }).type === '/v1/problems/too-many-requests' ? undefined : `429 not a problem: ${res.body.slice(0, 200)}`;
    const e = (body as { error?: unknown }).error;
    return typeof e === 'string' && e ? undefined : `${res.statusCode} not an RFC 6749 error: ${res.body.slice(0, 200)}`;
  }
  const b = body as { message?: unknown; errors?: unknown };
  if (typeof b.message !== 'string' || !b.message) return `${res.statusCode} without a message: ${res.body.slice(0, 200)}`;
  const keys = Object.keys(b).sort().join(',');
  // A refused import may also list its rows in error (contract/deal-import.ts): `lines`, each {line, messages}.
  const lines = (b as { lines?: unknown }).lines;
  const linesOk = Array.isArray(lines) && lines.every((l) => Number.isInteger(l?.line) && Array.isArray(l?.messages));
  const importRefusal = keys === 'errors,lines,message' && res.statusCode === 422 && linesOk;
  if (keys !== 'message' && keys !== 'errors,message' && !importRefusal) return `${res.statusCode} with other keys (${keys}): ${res.body.slice(0, 200)}`;
  if (res.statusCode === 422) {
    const errors = b.errors as Record<string, unknown> | undefined;
    const ok = errors && typeof errors === 'object' && Object.values(errors).length > 0 && Object.values(errors).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'));
    if (!ok) return `422 without an errors map of string arrays: ${res.body.slice(0, 200)}`;
  }
  return undefined;
}

/**
 * Sends a case; a signed-in case answered 401 (an earlier case signed the administrator out, disabled or
 * deleted it) is sent again with a new administrator.
 */
async function run(c: Case): Promise<LightMyRequestResponse> {
  const res = await send(c);
  if (!c.signedIn || res.statusCode !== 401) return res;
  admin = (await t.newAdmin()).client;
  await admin.ensureCsrf();
  return send(c);
}

describe('fuzzing every route', () => {
  it('knows every route and the body schema of the routes that take one', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(schemas.size).toBeGreaterThanOrEqual(10);
  });

  it('past failures stay fixed', async () => {
    for (const c of REGRESSIONS) {
      expect(breach(await run(c), c.route), JSON.stringify(c).slice(0, 300)).toBeUndefined();
    }
  });

  it('every field of every body takes boundary values: no 5xx, and the error shape', async () => {
    const values: unknown[] = [2147483648, -2147483649, 2 ** 53 + 2, 1e21, -1, 0, 0.5, '', ' ', '\u0000', '\ud800', '0x1', 'x'.repeat(5000), null, true, [], {}, [[]], { a: {} }];
    const failures: string[] = [];
    for (const [route, schema] of schemas) {
      const base = sample(schema);
      for (const path of leafPaths(base)) {
        for (const value of values) {
          // A queue name where the route takes one (the RNE queues), so that the body is what is judged.
          const params = route.includes('/:queue') ? ['officers', '1'] : ['1'];
          const c: Case = { route, signedIn: route !== 'POST /api/login', params, query: [], headers: {}, body: { json: withLeaf(base, path, value) } };
          const problem = breach(await run(c), c.route);
          if (problem) failures.push(`${route} ${path}=${JSON.stringify(value).slice(0, 20)}: ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it(`no 5xx and the error shape on every 4xx (${RUNS} runs, seed ${SEED})`, async () => {
    const anon = t.anon();
    await anon.ensureCsrf();
    anonCsrf.cookie = `XSRF-TOKEN=${anon.cookies['XSRF-TOKEN']}`;
    anonCsrf.token = encodeURIComponent(anon.cookies['XSRF-TOKEN']);
    await fc.assert(
      fc.asyncProperty(caseArbitrary(routes, schemas), async (c) => {
        const res = await run(c);
        const problem = breach(res, c.route);
        if (problem) throw new Error(`${c.route}: ${problem}`);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, Math.max(60_000, RUNS * 200));
});
