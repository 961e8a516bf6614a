/**
 * When the customer API's sandbox data set is prepared (server/api/sandbox.ts): at start-up only (server/main.ts
 * calls `start`), never inside a customer's request. A Sandbox call made before the data set is ready answers at
 * once a 503 `unavailable` problem with `Retry-After` and the French detail, whether the preparation has not begun,
 * is under way (held here by a gate the test opens) or has failed (then tried again); once ready, the calls read it.
 * Each preparation here opens a fresh empty database, counted, so that the test sees that no call started one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PREPARING_RETRY_AFTER_S, RETRY_MS, sandboxNotReady, type SandboxPreparation } from '../../server/api/sandbox';
import { createTestApp, type TestApp } from '../helpers/app';
import { newCustomer, tokenOf, v1 } from '../helpers/customer-api';
import { freshDatabase } from '../helpers/db';

/** What the next preparation does: hand over a fresh database (default), fail, or wait for a gate first. */
let next: 'database' | 'failure' | { gate: Promise<void>; entered: () => void } = 'database';
let preparations = 0;
const prepareSandbox: SandboxPreparation = async () => {
  preparations += 1;
  const step = next;
  next = 'database';
  if (step === 'failure') throw new Error('sandbox database unreachable');
  if (typeof step === 'object') {
    step.entered();
    await step.gate;
  }
  return freshDatabase();
};

/** Budget of a test that opens a fresh database for the sandbox (seconds on a loaded machine). */
const WITH_DATABASE_MS = 60_000;

let t: TestApp;
let sandbox: string;
let prod: string;
beforeAll(async () => {
  t = await createTestApp({}, { prepareSandbox });
  const c = await newCustomer(await t.superAdmin());
  prod = await tokenOf(t, c, 'prod');
  sandbox = await tokenOf(t, c, 'sandbox');
});
afterAll(async () => t?.close());
afterEach(() => {
  next = 'database';
});

/** Checks that `res` is the 503 of a sandbox not ready, with `Retry-After` `seconds`. */
function expectNotReady(res: Awaited<ReturnType<typeof v1>>, instance: string, seconds: number): void {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.headers['retry-after']).toBe(String(seconds));
  expect(res.json()).toEqual({
    type: '/v1/problems/unavailable',
    title: 'Service momentanément indisponible',
    status: 503,
    detail: sandboxNotReady(seconds),
    instance,
  });
}

describe('the sandbox data set', () => {
  it('is never prepared by a Sandbox call: before start-up prepares it, each call answers 503 with Retry-After at once', async () => {
    expect(t.app.customerApi.sandbox.state).toBe('idle');
    for (const url of ['/v1/updates', '/v1/companies/552032534', '/v1/deals', '/v1/news', '/v1/announcements']) {
      expectNotReady(await v1(t, sandbox, url), url, PREPARING_RETRY_AFTER_S);
    }
    expect(sandboxNotReady(10)).toBe('Le jeu de données Sandbox est en préparation\u00a0: réessayez dans 10\u00a0s.');
    expect(preparations).toBe(0);
    expect(t.app.customerApi.sandbox.state).toBe('idle');
    // Prod tokens read the production database meanwhile.
    expect((await v1(t, prod, '/v1/updates')).statusCode).toBe(200);
  });

  it('answers 503 while the preparation runs, without waiting for it, then serves the data set once ready', async () => {
    let open!: () => void;
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    next = { gate: new Promise<void>((resolve) => (open = resolve)), entered };
    const started = t.app.customerApi.sandbox.start();
    await inside;
    expect(t.app.customerApi.sandbox.state).toBe('preparing');
    expectNotReady(await v1(t, sandbox, '/v1/updates'), '/v1/updates', PREPARING_RETRY_AFTER_S);
    // A second start while one runs is the same preparation.
    const again = t.app.customerApi.sandbox.start();
    expect(preparations).toBe(1);
    open();
    await Promise.all([started, again]);
    expect(preparations).toBe(1);
    expect(t.app.customerApi.sandbox.state).toBe('ready');
    const res = await v1(t, sandbox, '/v1/updates');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: [], has_more: false });
  }, WITH_DATABASE_MS);
});

describe('a failed preparation', () => {
  let failing: TestApp;
  let token: string;
  beforeAll(async () => {
    failing = await createTestApp({}, { prepareSandbox });
    token = await tokenOf(failing, await newCustomer(await failing.superAdmin()), 'sandbox');
  });
  afterAll(async () => failing?.close());

  it('is answered 503 until it is tried again, which no call does', async () => {
    const before = preparations;
    next = 'failure';
    await failing.app.customerApi.sandbox.start();
    expect(failing.app.customerApi.sandbox.state).toBe('failed');
    const res = await v1(failing, token, '/v1/deals');
    // Until the next attempt (RETRY_MS later), then the preparation's own time.
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeGreaterThan(PREPARING_RETRY_AFTER_S);
    expect(seconds).toBeLessThanOrEqual(RETRY_MS / 1000 + PREPARING_RETRY_AFTER_S);
    expectNotReady(res, '/v1/deals', seconds);
    expect(preparations).toBe(before + 1);
    // The next attempt (the retry timer's, called here at once) prepares it.
    await failing.app.customerApi.sandbox.start();
    expect(preparations).toBe(before + 2);
    expect(failing.app.customerApi.sandbox.state).toBe('ready');
    expect((await v1(failing, token, '/v1/deals')).statusCode).toBe(200);
  }, WITH_DATABASE_MS);
});
