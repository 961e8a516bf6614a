/**
 * Usage of the customer API per customer, environment and day (Europe/Paris): calls, errors (answers >= 400) and the
 * last call, kept in `api_usage_daily`. Each process counts in memory and adds its counters every
 * `API_USAGE_FLUSH_MS` (and when it closes) with one set-based statement, never one write per call. A customer
 * deleted meanwhile is skipped (its counters are dropped).
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { ApiEnvironment } from '../db/schema';
import { parisDay } from '../lib/paris-day';

interface Counter {
  customerId: number;
  environment: ApiEnvironment;
  day: string;
  calls: number;
  errors: number;
  lastCallAt: Date;
}

/** The in-memory counters of one process and their periodic flush. */
export class UsageRecorder {
  private counters = new Map<string, Counter>();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly flushMs: number,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** Counts one answered call of `customerId` in `environment`, with its HTTP status. */
  record(customerId: number, environment: ApiEnvironment, status: number, at = new Date()): void {
    const day = parisDay(at);
    const key = `${customerId}|${environment}|${day}`;
    const c = this.counters.get(key);
    if (c) {
      c.calls += 1;
      if (status >= 400) c.errors += 1;
      if (at > c.lastCallAt) c.lastCallAt = at;
    } else {
      this.counters.set(key, { customerId, environment, day, calls: 1, errors: status >= 400 ? 1 : 0, lastCallAt: at });
    }
  }

  /** Starts the periodic flush (the timer does not keep the process alive). */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is counted. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /**
   * Adds the counters to `api_usage_daily` in one statement and clears them. Flushes run one after the other; when a
   * write fails, its counters go back into memory for the next flush and the failure is logged.
   */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.counters.size === 0) return;
    const batch = [...this.counters.values()];
    this.counters = new Map();
    try {
      await this.db.execute(sql`
        insert into api_usage_daily (customer_id, day, environment, calls, errors, last_call_at)
        select u.customer_id, u.day, u.environment, u.calls, u.errors, u.last_call_at
          from unnest(${sql.param(batch.map((c) => c.customerId))}::int[], ${sql.param(batch.map((c) => c.day))}::date[],
                      ${sql.param(batch.map((c) => c.environment))}::varchar[], ${sql.param(batch.map((c) => c.calls))}::bigint[],
                      ${sql.param(batch.map((c) => c.errors))}::bigint[], ${sql.param(batch.map((c) => c.lastCallAt.toISOString()))}::timestamptz[])
               as u(customer_id, day, environment, calls, errors, last_call_at)
          join api_customers c on c.id = u.customer_id
        on conflict (customer_id, day, environment) do update
           set calls = api_usage_daily.calls + excluded.calls,
               errors = api_usage_daily.errors + excluded.errors,
               last_call_at = greatest(api_usage_daily.last_call_at, excluded.last_call_at)`);
    } catch (err) {
      for (const c of batch) {
        const key = `${c.customerId}|${c.environment}|${c.day}`;
        const now = this.counters.get(key);
        if (now) {
          now.calls += c.calls;
          now.errors += c.errors;
          if (c.lastCallAt > now.lastCallAt) now.lastCallAt = c.lastCallAt;
        } else this.counters.set(key, c);
      }
      this.log.warn({ err }, 'customer API: usage counters not written, kept for the next flush');
    }
  }
}
