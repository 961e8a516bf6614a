/**
 * The OpenAPI pages at /api/docs: for signed-in administrators only, and their "Try it out" speaks the
 * HTTP contract (a script adds X-Requested-With and the CSRF header to Swagger UI's calls). The
 * document names the contract's schemas (components) and the routes reference them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('/api/docs', () => {
  it('needs a session', async () => {
    expect((await t.anon().get('/api/docs', { noXhr: true })).statusCode).toBe(401);
  });

  it('documents the API and loads the contract script', async () => {
    const c = await t.superAdmin();
    const page = await c.get('/api/docs/', { noXhr: true });
    expect(page.statusCode).toBe(200);
    const src = /src="\.?\/?([^"]*vigie-contract\.js)"/.exec(page.body)?.[1];
    expect(src, page.body.slice(0, 2000)).toBeTruthy();
    const script = await c.get(`/api/docs/${src!.replace(/^\/?api\/docs\//, '')}`, { noXhr: true });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain("headers.set('X-Requested-With', 'XMLHttpRequest')");
    expect(script.body).toContain('X-XSRF-TOKEN');
    const spec = await c.get('/api/docs/json', { noXhr: true });
    expect(Object.keys(spec.json().paths)).toContain('/api/admins/all');
  });
});

describe('/api/docs/json components', () => {
  type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  let spec: Json;
  beforeAll(async () => {
    const c = await t.superAdmin();
    const res = await c.get('/api/docs/json', { noXhr: true });
    expect(res.statusCode).toBe(200);
    spec = res.json();
  });
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
  const json = (op: Json, code: number) => op.responses[String(code)].content['application/json'].schema;

  it('names the schemas of the contract', () => {
    const names = Object.keys(spec.components?.schemas ?? {});
    for (const name of ['Admin', 'Customer', 'Group', 'GroupSiren', 'GroupSirenPage', 'LogEntry', 'LogPage', 'LogStats', 'Profile', 'Message', 'ValidationError', 'FilterBodyInput', 'AdminStoreInput', 'LoginInput']) {
      expect(names, name).toContain(name);
    }
    expect(spec.components.schemas.ValidationError).toMatchObject({ type: 'object', required: ['message', 'errors'] });
    // Only the forms a route uses: an answer is not listed as a request body, nor the reverse.
    for (const unused of ['AdminInput', 'AdminStore', 'MessageInput', 'FilterBody']) expect(names, unused).not.toContain(unused);
  });

  it('gives status as 0 | 1 in the answers', () => {
    for (const name of ['Admin', 'Customer', 'Group', 'Profile']) {
      const status = spec.components.schemas[name].properties.status;
      const values = (status.anyOf ?? status.oneOf ?? [status]).flatMap((s: Json) => s.enum ?? (s.const === undefined ? [] : [s.const]));
      expect(values.sort(), name).toEqual([0, 1]);
    }
  });

  it('references the named schemas from the routes', () => {
    const paths = spec.paths;
    expect(json(paths['/api/admins/all'].get, 200)).toEqual({ type: 'array', items: ref('Admin') });
    expect(json(paths['/api/admins/getUserRoles/{id}'].get, 200)).toEqual(ref('Admin'));
    expect(json(paths['/api/admins/store'].post, 201)).toEqual(ref('Admin'));
    expect(json(paths['/api/admins/store'].post, 422)).toEqual(ref('ValidationError'));
    expect(json(paths['/api/admins/getUserRoles/{id}'].get, 404)).toEqual(ref('Message'));
    expect(paths['/api/admins/store'].post.requestBody.content['application/json'].schema).toEqual(ref('AdminStoreInput'));
    expect(json(paths['/api/customers/getUserRoles/{id}'].get, 200)).toEqual(ref('Customer'));
    expect(json(paths['/api/groups/getGroupRoles/{id}'].get, 200)).toEqual(ref('Group'));
    expect(json(paths['/api/messages/filter'].post, 200)).toEqual(ref('LogPage'));
    expect(paths['/api/messages/filter'].post.requestBody.content['application/json'].schema).toEqual(ref('FilterBodyInput'));
    expect(json(paths['/api/profile/getAuthUser'].get, 200)).toEqual(ref('Profile'));
    // Path and query parameters stay inline (Swagger lists them one by one).
    expect(paths['/api/messages/filter'].post.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'page', in: 'query' })]));
    expect(paths['/api/admins/getUserRoles/{id}'].get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });
});
