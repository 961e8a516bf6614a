/**
 * Usage counters of the customer API (server/api/usage.ts): each `/v1` answer of a known caller counts one call, an
 * answer >= 400 one error too, per customer, environment and Paris day; a flush adds them to `api_usage_daily` with
 * the last call's instant, and two flushes add up; a customer deleted before the flush loses its counters without
 * failing the flush. A call without a valid token is nobody's, so it is not counted. The timer's flush is pushed far
 * away (API_USAGE_FLUSH_MS): the tests flush by hand.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { newCustomer, tokenOf, v1 } from '../helpers/customer-api';
import { onOneParisDay } from '../helpers/paris-day';

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp({ API_USAGE_FLUSH_MS: '3600000' });
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

interface UsageRow {
  environment: string;
  day: string;
  calls: number;
  errors: number;
  last_call_at: string;
}

async function usageOf(customerId: number): Promise<UsageRow[]> {
  return rowsOf<UsageRow>(t.ctx.db, sql`select environment, day::text as day, calls::int as calls, errors::int as errors,
      to_char(last_call_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_call_at
    from api_usage_daily where customer_id = ${customerId} order by environment`);
}

describe('usage counters', () => {
  it('count calls and errors per environment; a flush writes them with the last call; two flushes add up', async () => {
    // The calls count on the Paris day of each answer: a check across midnight runs again (test/helpers/paris-day.ts).
    await onOneParisDay(async (today) => {
      const c = await newCustomer(root);
      const prod = await tokenOf(t, c);
      const sandbox = await tokenOf(t, c, 'sandbox');
      const before = Date.now();
      // Prod: 3 answered, 2 of them refused (a bad cursor, an unknown path).
      expect((await v1(t, prod, '/v1/updates?limit=1')).statusCode).toBe(200);
      expect((await v1(t, prod, '/v1/updates?since=nimporte')).statusCode).toBe(400);
      expect((await v1(t, prod, '/v1/inconnu')).statusCode).toBe(404);
      // Sandbox: 2 refused by validation (the sandbox data set stays closed).
      expect((await v1(t, sandbox, '/v1/updates?limit=0')).statusCode).toBe(400);
      expect((await v1(t, sandbox, '/v1/companies/12')).statusCode).toBe(400);
      // Nobody's calls: no token, a wrong token.
      expect((await v1(t, null, '/v1/updates')).statusCode).toBe(401);
      expect((await v1(t, 'x'.repeat(43), '/v1/updates')).statusCode).toBe(401);
      expect(await usageOf(c.id)).toEqual([]);
      await t.app.customerApi.usage.flush();
      const first = await usageOf(c.id);
      expect(first).toEqual([
        { environment: 'prod', day: today, calls: 3, errors: 2, last_call_at: expect.any(String) },
        { environment: 'sandbox', day: today, calls: 2, errors: 2, last_call_at: expect.any(String) },
      ]);
      for (const row of first) {
        expect(Date.parse(row.last_call_at)).toBeGreaterThanOrEqual(before - 1);
        expect(Date.parse(row.last_call_at)).toBeLessThanOrEqual(Date.now());
      }
      // Nothing counted since: a flush writes nothing.
      await t.app.customerApi.usage.flush();
      expect(await usageOf(c.id)).toEqual(first);

      expect((await v1(t, prod, '/v1/news?limit=1')).statusCode).toBe(200);
      expect((await v1(t, prod, '/v1/deals/inconnu')).statusCode).toBe(404);
      await t.app.customerApi.usage.flush();
      const second = await usageOf(c.id);
      expect(second[0]).toMatchObject({ environment: 'prod', calls: 5, errors: 3 });
      expect(Date.parse(second[0].last_call_at)).toBeGreaterThanOrEqual(Date.parse(first[0].last_call_at));
      expect(second[1]).toEqual(first[1]);
      // The back-office reads the same counters.
      const shown = await root.get(`/api/customers/${c.id}/usage`);
      expect(shown.statusCode, shown.body).toBe(200);
    });
  });

  it('drop the counters of a customer deleted before the flush, and write the others', async () => {
    const gone = await newCustomer(root);
    const kept = await newCustomer(root);
    const goneToken = await tokenOf(t, gone);
    const keptToken = await tokenOf(t, kept);
    expect((await v1(t, goneToken, '/v1/updates?limit=1')).statusCode).toBe(200);
    expect((await v1(t, keptToken, '/v1/updates?limit=1')).statusCode).toBe(200);
    expect((await root.post(`/api/customers/${gone.id}`)).statusCode).toBe(200);
    await expect(t.app.customerApi.usage.flush()).resolves.toBeUndefined();
    expect(await usageOf(gone.id)).toEqual([]);
    expect(await usageOf(kept.id)).toEqual([expect.objectContaining({ environment: 'prod', calls: 1, errors: 0 })]);
    // Nothing left in memory: a later flush writes no row for the deleted customer either.
    await t.app.customerApi.usage.flush();
    expect(await usageOf(gone.id)).toEqual([]);
    expect(await usageOf(kept.id)).toEqual([expect.objectContaining({ calls: 1 })]);
  });
});
