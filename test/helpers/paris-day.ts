/**
 * The Paris calendar day in tests, for checks that must hold whatever the time of day a run starts.
 *
 * What vigie counts or dates per day (usage counters, RNE counters and cards, update-log statistics, export file
 * names) belongs to the Europe/Paris day the server reads from its clock when it answers or writes: JavaScript's
 * (`parisDay()`) or the database's (`PARIS_TODAY`, server/lib/paris-day.ts). A test that reads "today" itself and
 * compares it with the server's fails, for no fault of the code, when Paris midnight passes between the two reads.
 * So:
 * - `onOneParisDay` runs such a check with the day read just before it, and once more when midnight passed during
 *   a failed run, so that a crossing is never a failure and no assertion is loosened; it reads the day from the
 *   clock the server reads (`databaseDay` for what the database dates);
 * - `parisDaysSince` gives the days a dated answer may carry (its own day is one of them).
 * Days are `YYYY-MM-DD` strings.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../server/db/rows';
import { PARIS_TODAY, parisDay } from '../../server/lib/paris-day';

/** Reads the current Paris day, `YYYY-MM-DD` (JavaScript's clock by default; injected in the helper's test). */
export type DayReader = () => string | Promise<string>;

const today: DayReader = () => parisDay();

/** A reader of the Paris day on the clock of `db` (`PARIS_TODAY`), the day of what the database counts or dates. */
export function databaseDay(db: Executor): DayReader {
  return async () => (await rowsOf<{ day: string }>(db, sql`select to_char(${PARIS_TODAY}, 'YYYY-MM-DD') as day`))[0].day;
}

/**
 * Runs `block(day)`, `day` being the Paris day read just before, and answers what it answers.
 * When the block fails and the day read after it is no longer `day`, Paris midnight passed during the block: the
 * failure may be the crossing's, so the block runs once more with the new day, and that run decides (it cannot
 * cross another midnight). A failure within one day is thrown at once, never retried.
 * The block must write or load what it checks after the day is read (its data, its page), derive every expected
 * day from `day`, and be able to run twice (its own new records, or data it writes again).
 * @throws the block's error: of its only run when the day did not change, else of its second run
 */
export async function onOneParisDay<T>(block: (day: string) => Promise<T>, readDay: DayReader = today): Promise<T> {
  const day = await readDay();
  try {
    return await block(day);
  } catch (err) {
    const after = await readDay();
    if (after === day) throw err;
    return block(after);
  }
}

/**
 * The Paris days from `first` to `now` (today by default): `[first]`, or `[first, now]` when midnight passed since
 * `first` was read. An answer dated by the server between the two reads carries one of them.
 */
export function parisDaysSince(first: string, now: string = parisDay()): string[] {
  return now === first ? [first] : [first, now];
}

/** The calendar day `n` days before `day` (`YYYY-MM-DD`; a negative `n` goes forward). */
export function dayBefore(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` as the French `DD/MM/YYYY`. */
export function frenchDay(day: string): string {
  return day.split('-').reverse().join('/');
}
