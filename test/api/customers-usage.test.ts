/**
 * A customer's use of the customer API in the back-office: today's calls on each customer of
 * `GET /api/customers/all` (and of its read), and `GET /api/customers/{id}/usage` (the last 30 Paris days,
 * zeros included, with totals). Usage rows are written directly in `api_usage_daily` (the recorder that
 * writes them in production is the customer API's own), on days counted from the Paris day the database reads just
 * before each check, which runs again when midnight passed meanwhile (test/helpers/paris-day.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerUsageResponse } from '../../contract/customers';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { databaseDay, dayBefore, onOneParisDay, type DayReader } from '../helpers/paris-day';

let t: TestApp;
let root: Client;
/** Today in Europe/Paris as the database tells it (the server counts today's calls in SQL). */
let dbToday: DayReader;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  dbToday = databaseDay(t.ctx.db);
});
afterAll(async () => t?.close());

async function store(): Promise<{ id: number }> {
  const res = await root.post('/api/customers/store', { name: `Client usage ${++n}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Writes one usage row of `customerId` on the Paris day `day` (`YYYY-MM-DD`). */
async function usage(customerId: number, day: string, environment: 'prod' | 'sandbox', calls: number, errors = 0, lastCallAt: string | null = null) {
  await t.ctx.db.execute(sql`
    insert into api_usage_daily (customer_id, day, environment, calls, errors, last_call_at)
    values (${customerId}, ${day}::date, ${environment}, ${calls}, ${errors}, ${lastCallAt}::timestamptz)`);
}

describe('calls_today on the customers list', () => {
  it("sums today's Prod and Sandbox calls of each customer, 0 without any, other days left out", async () => {
    await onOneParisDay(async (today) => {
      const busy = await store();
      const idle = await store();
      await usage(busy.id, today, 'prod', 5_000_000_000, 3);
      await usage(busy.id, today, 'sandbox', 7);
      await usage(busy.id, dayBefore(today, 1), 'prod', 100);
      await usage(idle.id, dayBefore(today, 1), 'sandbox', 40);

      const all = await root.get('/api/customers/all');
      expect(all.statusCode, all.body).toBe(200);
      const byId = new Map((all.json() as Array<{ id: number; calls_today: number }>).map((c) => [c.id, c.calls_today]));
      expect(byId.get(busy.id)).toBe(5_000_000_007);
      expect(byId.get(idle.id)).toBe(0);

      const one = await root.get(`/api/customers/getUserRoles/${busy.id}`);
      expect(one.json().calls_today).toBe(5_000_000_007);
    }, dbToday);
  });

  it('leaves calls_today out of the audit entries of the customer', async () => {
    await onOneParisDay(async (today) => {
      const c = await store();
      await usage(c.id, today, 'prod', 12);
      const current = (await root.get(`/api/customers/getUserRoles/${c.id}`)).json();
      const { id: _id, calls_today: _calls, created_at: _created, updated_at: _updated, ...body } = current;
      const res = await root.post(`/api/customers/update/${c.id}`, { ...body, name: `${current.name} bis` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().calls_today).toBe(12);
      const audit = await root.post(`/api/audit/filter?resource=api_customers&resource_id=${c.id}`, { orderBy: { column: 'id', direction: 'asc' } });
      const entries = (audit.json().data as Array<{ action: string; changes: Record<string, unknown> | null }>).filter((e) => e.action !== 'reveal');
      expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
      for (const e of entries) expect(e.changes).not.toHaveProperty('calls_today');
      expect(entries[1].changes).toEqual({ name: [current.name, `${current.name} bis`] });
    }, dbToday);
  });
});

describe('GET /api/customers/{id}/usage', () => {
  it('gives the last 30 Paris days, oldest first, zeros on days without calls, and their totals', async () => {
    await onOneParisDay(async (today) => {
      const dayAgo = (ago: number) => dayBefore(today, ago);
      const c = await store();
      const other = await store();
      await usage(c.id, today, 'prod', 10, 2, '2030-01-01T08:00:00.000Z');
      await usage(c.id, today, 'sandbox', 4, 1, '2030-01-01T09:30:00.250Z');
      await usage(c.id, dayAgo(3), 'sandbox', 6, 0, '2029-12-29T10:00:00.000Z');
      await usage(c.id, dayAgo(29), 'prod', 1);
      // Outside the period, or another customer's: not counted.
      await usage(c.id, dayAgo(30), 'prod', 1000, 1000);
      await usage(other.id, today, 'prod', 500, 500);

      const res = await root.get(`/api/customers/${c.id}/usage`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as CustomerUsageResponse;
      expect(body.data).toHaveLength(30);
      expect(body.data.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => dayAgo(29 - i)));
      expect(body.data[29]).toEqual({ day: today, prod_calls: 10, sandbox_calls: 4, errors: 3, last_call_at: '2030-01-01T09:30:00.250Z' });
      expect(body.data[26]).toEqual({ day: dayAgo(3), prod_calls: 0, sandbox_calls: 6, errors: 0, last_call_at: '2029-12-29T10:00:00.000Z' });
      expect(body.data[0]).toEqual({ day: dayAgo(29), prod_calls: 1, sandbox_calls: 0, errors: 0, last_call_at: null });
      expect(body.data[1]).toEqual({ day: dayAgo(28), prod_calls: 0, sandbox_calls: 0, errors: 0, last_call_at: null });
      expect(body.totals).toEqual({ calls: 21, prod_calls: 11, sandbox_calls: 10, errors: 3, last_call_at: '2030-01-01T09:30:00.250Z' });
    }, dbToday);
  });

  it('gives 30 days of zeros to a customer without calls', async () => {
    const c = await store();
    const body = (await root.get(`/api/customers/${c.id}/usage`)).json() as CustomerUsageResponse;
    expect(body.data).toHaveLength(30);
    expect(body.data.every((d) => d.prod_calls === 0 && d.sandbox_calls === 0 && d.errors === 0 && d.last_call_at === null)).toBe(true);
    expect(body.totals).toEqual({ calls: 0, prod_calls: 0, sandbox_calls: 0, errors: 0, last_call_at: null });
  });

  it("answers 404 'User does not exist!' for an unknown id, 422 for a malformed one", async () => {
    const res = await root.get('/api/customers/2147483000/usage');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User does not exist!' });
    expect((await root.get('/api/customers/abc/usage')).statusCode).toBe(422);
  });

  it('answers 401 without a session', async () => {
    const c = await store();
    const res = await t.anon().get(`/api/customers/${c.id}/usage`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Non authentifié.' });
  });
});
