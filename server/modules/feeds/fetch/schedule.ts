/**
 * The scheduled fetch as pg-boss cron jobs, off by default: `feed-fetch-bodacc` runs
 * daily (FEED_BODACC_CRON) when FEED_BODACC_URL is set, `feed-fetch-sirene` monthly (FEED_SIRENE_CRON) when
 * FEED_SIRENE_URL is set. One process of those sharing the database runs each tick (server/jobs/queue.ts
 * `schedule`); the tests call `fetchBodacc` / `fetchSirene` directly.
 */
import type { AppContext } from '../../../context';
import { fetchBodacc } from './bodacc';
import { fetchContext } from './context';
import { fetchSirene } from './sirene';

/** pg-boss queue of the daily BODACC fetch. */
export const FETCH_BODACC = 'feed-fetch-bodacc';
/** pg-boss queue of the monthly Sirene fetch. */
export const FETCH_SIRENE = 'feed-fetch-sirene';

/** Declares both fetches on the app's queue (each off while its URL is unset). */
export function scheduleFeedFetch(ctx: AppContext): void {
  const { config } = ctx;
  const bodaccUrl = config.feedBodaccUrl;
  ctx.jobs.schedule(FETCH_BODACC, bodaccUrl ? config.feedBodaccCron : null, async (signal) => {
    if (bodaccUrl) await fetchBodacc(fetchContext(ctx.jobs, ctx.db, config, signal), bodaccUrl);
  });
  ctx.jobs.schedule(FETCH_SIRENE, config.feedSireneUrls.length ? config.feedSireneCron : null, async (signal) => {
    if (config.feedSireneUrls.length) await fetchSirene(fetchContext(ctx.jobs, ctx.db, config, signal), config.feedSireneUrls);
  });
}
