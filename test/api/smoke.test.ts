import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('smoke', () => {
  it('signs in the super admin and reads the profile', async () => {
    const c = await t.superAdmin();
    const res = await c.get('/api/profile/getAuthUser');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 1, email: 'admin@example.com' });
  });

  it('answers /healthz', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
