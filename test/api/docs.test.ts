/**
 * The OpenAPI pages at /api/docs: for signed-in administrators only, and their "Try it out" speaks the
 * HTTP contract (a script adds X-Requested-With and the CSRF header to Swagger UI's calls).
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
