/**
 * The calendar day in Europe/Paris, the time zone of every "day" vigie shows or counts (update-log statistics,
 * RNE daily counters and reports), in JavaScript and in SQL.
 */
import { sql, type SQL } from 'drizzle-orm';

/** The time zone of vigie's days. */
export const PARIS_TIME_ZONE = 'Europe/Paris';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: PARIS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Paris calendar day of `at` (default: now), as `YYYY-MM-DD`. */
export function parisDay(at: Date = new Date()): string {
  return dayFormat.format(at);
}

/** The Paris calendar day of `instant` (a timestamptz SQL expression), as a SQL date. */
export function parisDayOf(instant: SQL): SQL {
  return sql`(${instant} at time zone 'Europe/Paris')::date`;
}

/** Today in Europe/Paris, as a SQL date. */
export const PARIS_TODAY: SQL = parisDayOf(sql`now()`);

/** The start (midnight, Paris) of the Paris day J-`n` (0: today), as a SQL instant (timestamptz). */
export function parisDayStart(n: number): SQL {
  return sql`((${PARIS_TODAY} - ${n}::int)::timestamp at time zone 'Europe/Paris')`;
}
