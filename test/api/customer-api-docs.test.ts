/**
 * The customer API's own OpenAPI document (server/api/docs.ts): `/v1/docs/json` is an OpenAPI 3.1 document with a
 * path for every `/oauth` and `/v1` route and every `$ref` resolving inside `components.schemas`; `/v1/docs` is the
 * Swagger UI page whose scripts are served; the back-office document (`/api/docs/json`) lists none of these paths.
 * Every `/v1` route documents its 503 problem with `Retry-After` (the sandbox data set not ready yet).
 * An address under `/oauth` or `/v1` that is no route is a 404 problem, never the back-office's page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Every `$ref` string found under `node`. */
function refsOf(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) refsOf(n, found);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') found.push(v);
      else refsOf(v, found);
    }
  }
  return found;
}

/** The routes the customer API serves, in OpenAPI path form. */
const ROUTES: Array<[string, string]> = [
  ['post', '/oauth/token'],
  ['get', '/v1/companies/{siren}'],
  ['get', '/v1/updates'],
  ['get', '/v1/news'],
  ['get', '/v1/deals'],
  ['get', '/v1/deals/{id}'],
  ['get', '/v1/announcements'],
];

describe('GET /v1/docs/json', () => {
  it('is an OpenAPI 3.1 document of every customer API route, public, whose $refs all resolve', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; info: { title: string }; paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters: Array<{ name: string; in: string }> }>>; components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> } };
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBeTruthy();
    for (const [method, path] of ROUTES) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(Object.keys(doc.paths).sort()).toEqual([...new Set(ROUTES.map(([, p]) => p))].sort());
    // The documentation routes themselves are hidden.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/v1/docs'))).toBe(false);
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(5);
    for (const ref of refs) {
      expect(ref, ref).toMatch(/^#\/components\/schemas\//);
      expect(doc.components.schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
    // Named shapes, problems as application/problem+json, path parameters declared.
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['ApiCompany', 'ApiUpdatePage', 'ApiDeal', 'Problem', 'AccessToken']));
    expect(Object.keys(doc.paths['/v1/companies/{siren}'].get.responses['404'] as object)).toContain('content');
    expect(JSON.stringify(doc.paths['/v1/companies/{siren}'].get.responses['404'])).toContain('application/problem+json');
    expect(doc.paths['/v1/companies/{siren}'].get.parameters).toContainEqual(expect.objectContaining({ name: 'siren', in: 'path' }));
    expect(doc.paths['/v1/updates'].get.parameters.map((p) => p.name).sort()).toEqual(['code', 'limit', 'since', 'siren']);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(expect.arrayContaining(['bearer', 'clientCredentials']));
  });
});

describe('the 503 answers', () => {
  it('are documented on every /v1 route, as problems with Retry-After', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }> }>>;
    };
    const v1Routes = ROUTES.filter(([, path]) => path.startsWith('/v1/'));
    for (const [method, path] of v1Routes) {
      const unavailable = doc.paths[path][method].responses['503'];
      expect(unavailable, `${method} ${path}`).toBeDefined();
      expect(Object.keys(unavailable.content ?? {}), `${method} ${path}`).toEqual(['application/problem+json']);
      expect(Object.keys(unavailable.headers ?? {}), `${method} ${path}`).toEqual(['Retry-After']);
    }
  });
});

describe('GET /v1/docs', () => {
  it('is a Swagger UI page whose bundle and start script are served', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/v1/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('src="/v1/docs/static/swagger-ui-bundle.js"');
    expect(page.body).toContain('src="/v1/docs/init.js"');
    const bundle = await t.app.inject({ method: 'GET', url: '/v1/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect(bundle.body.length).toBeGreaterThan(100_000);
    const css = await t.app.inject({ method: 'GET', url: '/v1/docs/static/swagger-ui.css' });
    expect(css.statusCode).toBe(200);
    const init = await t.app.inject({ method: 'GET', url: '/v1/docs/init.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain("'/v1/docs/json'");
    // Only the UI's own files are served from its folder.
    expect((await t.app.inject({ method: 'GET', url: '/v1/docs/static/package.json' })).statusCode).toBe(404);
  });
});

describe('the back-office document', () => {
  it('lists no /v1 nor /oauth path', async () => {
    // The back-office document is for signed-in administrators.
    const res = await (await t.superAdmin()).get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => /^\/(v1|oauth)(\/|$)/.test(p))).toEqual([]);
  });
});

describe('addresses of the customer API that are no route', () => {
  it('are 404 problems, not the back-office page', async () => {
    for (const [method, url] of [['GET', '/oauth/token'], ['GET', '/oauth/authorize'], ['POST', '/oauth/revoke']] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type'], `${method} ${url}`).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ type: '/v1/problems/not-found', status: 404, instance: url });
    }
  });
});
