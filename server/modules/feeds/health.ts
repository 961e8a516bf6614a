/**
 * The feed health strip (`GET /api/supervisions/health`): per feed, the last file imported
 * with status 1, its age against the feed's period, the failures since then, and whether the scheduled fetch
 * is configured. BODACC is published daily: green up to 36 h, orange up to 72 h, red beyond. The INSEE stock
 * is monthly: green up to 35 days, orange up to 62 days, red beyond. `none` while the feed has no file at all;
 * `red` when it has only failures.
 */
import { sql } from 'drizzle-orm';
import type { FeedHealth, UploadFeed } from '../../../contract/feeds';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Feed } from '../../db/schema';
import { rowsOf } from '../../db/rows';

/** How one feed is judged. Hours. */
interface HealthRule {
  feed: UploadFeed;
  label: string;
  /** The `feed_files` feeds it covers. */
  files: Feed[];
  expectedHours: number;
  greenHours: number;
  orangeHours: number;
}

/** The two feeds of the strip, in display order. */
export const HEALTH_RULES: readonly HealthRule[] = [
  { feed: 'bodacc', label: 'BODACC', files: ['bodacc'], expectedHours: 24, greenHours: 36, orangeHours: 72 },
  { feed: 'sirene', label: 'INSEE Sirene', files: ['sirene-companies', 'sirene-establishments'], expectedHours: 31 * 24, greenHours: 35 * 24, orangeHours: 62 * 24 },
];

/** green / orange / red from an age in hours, by `rule`. */
export function healthLevel(rule: Pick<HealthRule, 'greenHours' | 'orangeHours'>, ageHours: number): FeedHealth['level'] {
  if (ageHours <= rule.greenHours) return 'green';
  if (ageHours <= rule.orangeHours) return 'orange';
  return 'red';
}

/** Whether the scheduled fetch of `feed` is on (its URL configured). */
export function fetchScheduled(config: Pick<AppConfig, 'feedBodaccUrl' | 'feedSireneUrls'>, feed: UploadFeed): boolean {
  return Boolean(feed === 'bodacc' ? config.feedBodaccUrl : config.feedSireneUrls.length);
}

/**
 * The health of every feed, at `now`. A few indexed reads per feed (`feed_files (feed, status, id)`);
 * `consecutive_failures` sums, over the kinds of file of the feed, the failures since that kind's last success.
 */
export async function feedHealth(db: Db, config: Pick<AppConfig, 'feedBodaccUrl' | 'feedSireneUrls'>, now = new Date()): Promise<FeedHealth[]> {
  const out: FeedHealth[] = [];
  for (const rule of HEALTH_RULES) {
    const feeds = sql.join(
      rule.files.map((f) => sql`${f}`),
      sql`, `,
    );
    // Failures are counted per kind of file (INSEE: companies and establishments apart), each since that
    // kind's own last success: a companies file that keeps failing is not hidden by an establishments success.
    const failures = sql.join(
      rule.files.map(
        (f) => sql`(select count(*)::int from feed_files x where x.feed = ${f} and x.status = 0
                     and x.id > coalesce((select id from feed_files y where y.feed = ${f} and y.status = 1 order by id desc limit 1), 0))`,
      ),
      sql` + `,
    );
    const [row] = await rowsOf<{ last_success: string | null; failures: number; any_file: boolean }>(db, sql`
      with last as (
        select id, created_at from feed_files where feed in (${feeds}) and status = 1 order by id desc limit 1)
      select (select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from last) as last_success,
             ${failures} as failures,
             exists (select 1 from feed_files where feed in (${feeds})) as any_file`);
    const ageHours = row.last_success ? Math.max(0, Math.round(((now.getTime() - Date.parse(row.last_success)) / 3600_000) * 10) / 10) : null;
    out.push({
      feed: rule.feed,
      label: rule.label,
      last_success: row.last_success,
      age_hours: ageHours,
      expected_hours: rule.expectedHours,
      level: ageHours !== null ? healthLevel(rule, ageHours) : row.any_file ? 'red' : 'none',
      consecutive_failures: Number(row.failures),
      scheduled: fetchScheduled(config, rule.feed),
    });
  }
  return out;
}
