/**
 * TRUST_PROXY (README "Configuration"): behind a reverse proxy the sign-in throttle keys on the client IP
 * of X-Forwarded-For; without it the header is ignored, so a client cannot dodge the throttle by forging it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

async function failFiveTimes(t: TestApp, email: string, forwardedFor: string) {
  const c = t.anon();
  for (let i = 1; i <= 5; i++) {
    const res = await c.post('/api/login', { email, password: `wrong-${i}` }, { headers: { 'x-forwarded-for': forwardedFor } });
    expect(res.statusCode).toBe(422);
  }
  return c;
}

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('ignores X-Forwarded-For: a forged address is still throttled', async () => {
    const a = await t.newAdmin();
    const c = await failFiveTimes(t, a.email, '203.0.113.1');
    const res = await c.post('/api/login', { email: a.email, password: a.password }, { headers: { 'x-forwarded-for': '203.0.113.99' } });
    expect(res.statusCode).toBe(429);
  });
});

describe('with TRUST_PROXY=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => t?.close());

  it('throttles per forwarded client address', async () => {
    const a = await t.newAdmin();
    const c = await failFiveTimes(t, a.email, '203.0.113.1');
    const same = await c.post('/api/login', { email: a.email, password: a.password }, { headers: { 'x-forwarded-for': '203.0.113.1' } });
    expect(same.statusCode).toBe(429);
    const other = await c.post('/api/login', { email: a.email, password: a.password }, { headers: { 'x-forwarded-for': '203.0.113.2' } });
    expect(other.statusCode).toBe(200);
  });
});
