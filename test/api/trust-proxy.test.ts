/**
 * TRUST_PROXY (docs/configuration.md): behind a reverse proxy the sign-in
 * throttle keys on the client IP of X-Forwarded-For, read as the first untrusted hop from the right (a hop
 * count, or a list of proxy addresses / CIDRs); the leftmost entries, which the client writes, never count.
 * Without it the header is ignored, so a client cannot dodge the throttle by forging it.
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

// TRUST_PROXY=true is refused at start-up (test/unit/config-trust-proxy.test.ts): the proxy is named instead.
describe('with TRUST_PROXY=127.0.0.1 (the local proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
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

/** Five failures, each with another forged leftmost entry before the same real hops. */
async function failWithForgedEntries(t: TestApp, email: string, realHops: string) {
  const c = t.anon();
  for (let i = 1; i <= 5; i++) {
    const res = await c.post('/api/login', { email, password: `wrong-${i}` }, { headers: { 'x-forwarded-for': `198.18.0.${i}, ${realHops}` } });
    expect(res.statusCode).toBe(422);
  }
  return c;
}

describe('with TRUST_PROXY=1 (one proxy in front)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => t?.close());

  it('a forged leftmost entry does not become the client IP: the throttle keys on the rightmost one', async () => {
    const a = await t.newAdmin();
    const c = await failWithForgedEntries(t, a.email, '203.0.113.7');
    const forged = await c.post('/api/login', { email: a.email, password: a.password }, { headers: { 'x-forwarded-for': '198.18.0.99, 203.0.113.7' } });
    expect(forged.statusCode).toBe(429);
    const other = await c.post('/api/login', { email: a.email, password: a.password }, { headers: { 'x-forwarded-for': '203.0.113.7, 203.0.113.8' } });
    expect(other.statusCode).toBe(200);
  });
});

describe('with TRUST_PROXY as a list of proxies (addresses and CIDRs)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // inject() connects from 127.0.0.1: the local proxy, then an internal one in 10.0.0.0/8.
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' });
  });
  afterAll(async () => t?.close());

  it('the client IP is the first untrusted hop from the right', async () => {
    const a = await t.newAdmin();
    const c = await failWithForgedEntries(t, a.email, '203.0.113.7, 10.1.2.3');
    // Same real client behind the same proxies, another forged prefix: throttled.
    const forged = await c.post('/api/login', { email: a.email, password: a.password }, { headers: { 'x-forwarded-for': '198.18.0.99, 203.0.113.7, 10.1.2.3' } });
    expect(forged.statusCode).toBe(429);
    // Another real client through the same proxies: not throttled.
    const other = await c.post('/api/login', { email: a.email, password: a.password }, { headers: { 'x-forwarded-for': '203.0.113.7, 203.0.113.8, 10.1.2.3' } });
    expect(other.statusCode).toBe(200);
  });
});
