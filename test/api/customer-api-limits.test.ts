/**
 * Rate limits of the customer API (server/api/index.ts): API_RATE_LIMIT calls per window and per customer and
 * environment on `/v1` (API_RATE_LIMIT_SANDBOX for Sandbox tokens), then a 429 problem with the `RateLimit-*` headers
 * of the IETF draft and `Retry-After`; `POST /oauth/token` limited per client IP (API_TOKEN_RATE_LIMIT). With
 * REDIS_URL, two processes on one database share the counters (Redis at 127.0.0.1:6379; each app gets a prefix of
 * its own, REDIS_PREFIX, so that runs and databases sharing that Redis do not count each other's calls).
 * The app of this file counts in Redis; a call refused by validation (`limit=0`, 400) counts like any other, so that
 * the Sandbox calls are counted without reading the sandbox data set (not prepared in this file).
 */
import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { newCustomer, v1, type ApiCustomer } from '../helpers/customer-api';

const LIMITS = {
  API_RATE_LIMIT: '3',
  API_RATE_LIMIT_SANDBOX: '2',
  API_RATE_LIMIT_WINDOW_MS: '60000',
  API_TOKEN_RATE_LIMIT: '4',
  REDIS_URL: 'redis://127.0.0.1:6379',
  REDIS_PREFIX: `vigie-test-${crypto.randomBytes(6).toString('hex')}`,
};

let t: TestApp;
let root: Client;
let ipSeq = 0;
beforeAll(async () => {
  t = await createTestApp(LIMITS);
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

/** `POST /oauth/token` from `ip`. */
function askTokenFrom(app: FastifyInstance, ip: string, clientId: string, clientSecret: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }).toString(),
  });
}

/** A token of `c` in `environment`, asked from an address of its own (the token limit is per address). */
async function token(app: FastifyInstance, c: ApiCustomer, environment: 'prod' | 'sandbox' = 'prod'): Promise<string> {
  const ip = `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const res = environment === 'prod' ? await askTokenFrom(app, ip, c.client_id, c.client_secret) : await askTokenFrom(app, ip, c.client_id_sandbox, c.client_secret_sandbox);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token;
}

function expectTooMany(res: LightMyRequestResponse, limit: number, instance: string): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.json()).toMatchObject({ type: '/v1/problems/too-many-requests', status: 429, instance });
  expect(res.headers['ratelimit-limit']).toBe(String(limit));
  expect(res.headers['ratelimit-remaining']).toBe('0');
  const reset = Number(res.headers['ratelimit-reset']);
  expect(reset).toBeGreaterThan(0);
  expect(reset).toBeLessThanOrEqual(60);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('/v1 limits', () => {
  it('answer the 4th call of a window with a 429 problem and its headers; the first three count down', async () => {
    const c = await newCustomer(root);
    const bearer = await token(t.app, c);
    for (let i = 0; i < 3; i++) {
      const res = await v1(t, bearer, '/v1/updates?limit=1');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      expect(res.headers['ratelimit-remaining']).toBe(String(2 - i));
    }
    expectTooMany(await v1(t, bearer, '/v1/updates?limit=1'), 3, '/v1/updates');
    // An address that is no route is no way around the limit.
    expectTooMany(await v1(t, bearer, '/v1/inconnu'), 3, '/v1/inconnu');
  });

  it('count the calls to addresses that are no route', async () => {
    const bearer = await token(t.app, await newCustomer(root));
    for (let i = 0; i < 3; i++) expect((await v1(t, bearer, `/v1/inconnu/${i}`)).statusCode).toBe(404);
    expectTooMany(await v1(t, bearer, '/v1/inconnu'), 3, '/v1/inconnu');
    expect((await v1(t, bearer, '/v1/updates?limit=1')).statusCode).toBe(429);
  });

  it('count per customer and per environment: another customer and the same customer in Sandbox still pass', async () => {
    const a = await newCustomer(root);
    const b = await newCustomer(root);
    const aProd = await token(t.app, a);
    for (let i = 0; i < 3; i++) expect((await v1(t, aProd, '/v1/updates?limit=1')).statusCode).toBe(200);
    expect((await v1(t, aProd, '/v1/updates?limit=1')).statusCode).toBe(429);
    // A second token of the same customer and environment shares the counter.
    expect((await v1(t, await token(t.app, a), '/v1/updates?limit=1')).statusCode).toBe(429);
    expect((await v1(t, await token(t.app, b), '/v1/updates?limit=1')).statusCode).toBe(200);
    const aSandbox = await token(t.app, a, 'sandbox');
    for (let i = 0; i < 2; i++) expect((await v1(t, aSandbox, '/v1/updates?limit=0')).statusCode).toBe(400);
    expectTooMany(await v1(t, aSandbox, '/v1/updates?limit=0'), 2, '/v1/updates');
  });
});

describe('POST /oauth/token limits', () => {
  it('count per client address, wrong credentials included', async () => {
    const c = await newCustomer(root);
    for (let i = 0; i < 3; i++) expect((await askTokenFrom(t.app, '192.0.2.7', c.client_id, 'faux')).statusCode).toBe(400);
    expect((await askTokenFrom(t.app, '192.0.2.7', c.client_id, c.client_secret)).statusCode).toBe(200);
    const refused = await askTokenFrom(t.app, '192.0.2.7', c.client_id, c.client_secret);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.headers['ratelimit-limit']).toBe('4');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await askTokenFrom(t.app, '192.0.2.8', c.client_id, c.client_secret)).statusCode).toBe(200);
  });
});

describe('with Redis', () => {
  it('two processes on one database share the counters of a customer', async () => {
    // The second process: the same database and configuration, serving the customer API only.
    const two = await buildApp({ ...t.ctx, config: { ...t.ctx.config, api: { ...t.ctx.config.api, only: true } } }, { logger: false });
    try {
      await two.ready();
      const c = await newCustomer(root);
      const bearer = await token(t.app, c);
      const call = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/v1/updates?limit=1', headers: { authorization: `Bearer ${bearer}` } });
      expect((await call(t.app)).statusCode).toBe(200);
      const second = await call(two);
      expect(second.statusCode).toBe(200);
      expect(second.headers['ratelimit-remaining']).toBe('1');
      expect((await call(t.app)).statusCode).toBe(200);
      expectTooMany(await call(two), 3, '/v1/updates');
      expect((await call(t.app)).statusCode).toBe(429);
    } finally {
      await two.close();
    }
  });
});

describe('with Redis unreachable', () => {
  it('lets calls through at once, unlimited, instead of making them wait for Redis', async () => {
    // A process whose Redis refuses connections (nothing listens on port 1).
    const down = await buildApp({ ...t.ctx, config: { ...t.ctx.config, api: { ...t.ctx.config.api, only: true, redisUrl: 'redis://127.0.0.1:1' } } }, { logger: false });
    try {
      await down.ready();
      const c = await newCustomer(root);
      const bearer = await token(down, c);
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        const res = await down.inject({ method: 'GET', url: '/v1/updates?limit=1', headers: { authorization: `Bearer ${bearer}` } });
        expect(res.statusCode, `call ${i + 1}`).toBe(200);
        expect(Date.now() - started, `call ${i + 1}`).toBeLessThan(1500);
      }
    } finally {
      await down.close();
    }
  });
});
