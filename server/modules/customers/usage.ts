/**
 * A customer's use of the customer API as the back-office shows it (`GET /api/customers/{id}/usage`, contract
 * `customerUsageResponse`): the last 30 Paris days, oldest first, each with its Prod and Sandbox calls, its errors
 * (answers >= 400) and its last call; days without calls are zeros. Read from `api_usage_daily`, which the
 * customer API's usage recorder (server/api/usage.ts) adds to.
 */
import { sql } from 'drizzle-orm';
import { CUSTOMERS } from '../../../contract/resources';
import { USAGE_DAYS, type CustomerUsageDay, type CustomerUsageResponse } from '../../../contract/customers';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notFound } from '../../lib/errors';
import { PARIS_TODAY } from '../../lib/paris-day';

/** One day as the statement answers it (sums as float8, so both drivers give numbers). */
interface DayRow {
  day: string;
  prod_calls: number;
  sandbox_calls: number;
  errors: number;
  last_call_at: string | null;
}

/**
 * The last `USAGE_DAYS` Paris days (today included) of customer `id`, with their totals. One statement: the days
 * from generate_series, the customer's rows of the period by a range of the primary key
 * (customer_id, day, environment), and the customer itself (no row at all: 404).
 * @throws AppError 404 `User does not exist!` for an unknown customer
 */
export async function customerUsage(db: Db, id: number): Promise<CustomerUsageResponse> {
  const first = sql`(${PARIS_TODAY} - ${USAGE_DAYS - 1}::int)`;
  const rows = await rowsOf<DayRow>(
    db,
    sql`with days as (
          select (${first} + n)::date as day from generate_series(0, ${USAGE_DAYS - 1}::int) n
        ), usage as (
          select u.day, u.environment, u.calls, u.errors, u.last_call_at from api_usage_daily u
           where u.customer_id = ${id} and u.day between ${first} and ${PARIS_TODAY}
        )
        select to_char(d.day, 'YYYY-MM-DD') as day,
               coalesce(sum(u.calls) filter (where u.environment = 'prod'), 0)::float8 as prod_calls,
               coalesce(sum(u.calls) filter (where u.environment = 'sandbox'), 0)::float8 as sandbox_calls,
               coalesce(sum(u.errors), 0)::float8 as errors,
               to_char(max(u.last_call_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_call_at
          from api_customers c
         cross join days d
          left join usage u on u.day = d.day
         where c.id = ${id}
         group by d.day
         order by d.day`,
  );
  if (rows.length === 0) throw notFound(CUSTOMERS.notFound);
  const data: CustomerUsageDay[] = rows.map((r) => ({
    day: r.day,
    prod_calls: Number(r.prod_calls),
    sandbox_calls: Number(r.sandbox_calls),
    errors: Number(r.errors),
    last_call_at: r.last_call_at,
  }));
  const sum = (key: 'prod_calls' | 'sandbox_calls' | 'errors') => data.reduce((total, d) => total + d[key], 0);
  const last = data.reduce<string | null>((latest, d) => (d.last_call_at && (!latest || d.last_call_at > latest) ? d.last_call_at : latest), null);
  return {
    data,
    totals: {
      calls: sum('prod_calls') + sum('sandbox_calls'),
      prod_calls: sum('prod_calls'),
      sandbox_calls: sum('sandbox_calls'),
      errors: sum('errors'),
      last_call_at: last,
    },
  };
}
