/**
 * The feed jobs, declared once (server/jobs/define.ts) and listed by the feeds module: the INSEE Sirene and BODACC
 * imports. Once a job has committed, the feeds' subscribers hear of it (./events.ts `afterJob`: the RNE module
 * wakes its worker there), wherever it runs: the server, the CLI, the seed.
 */
import type { UploadFeed } from '../../../contract/feeds';
import type { AppConfig } from '../../config';
import type { AppContext } from '../../context';
import { defineJob, type JobHandler } from '../../jobs/define';
import { bodaccJob } from './bodacc/job';
import { feedHooks } from './events';
import { FEED_BODACC, FEED_SIRENE, feedJobPayload, type FeedJobPayload } from './kinds';
import { sireneJobWith } from './sirene/job';

/** What a feed job's handler is built from: the limits of a stock file, and the queue its subscribers wake. */
export type FeedJobDeps = Pick<AppContext, 'jobs'> & { config: Pick<AppConfig, 'sireneLimits'> };

/** `handler`, whose committed result is passed to the feeds' subscribers. */
function announced(deps: FeedJobDeps, handler: JobHandler<FeedJobPayload>): JobHandler<FeedJobPayload> {
  return {
    ...handler,
    async run(ctx) {
      const out = await handler.run(ctx);
      await feedHooks().afterJob(deps, out.result);
      return out;
    },
  };
}

/** An INSEE Sirene stock file (companies or establishments). */
export const sireneJobDefinition = defineJob(FEED_SIRENE, feedJobPayload, (deps: FeedJobDeps) => announced(deps, sireneJobWith(deps.config.sireneLimits)));

/** A BODACC file (DILA XML bulletin, Opendatasoft JSON export). */
export const bodaccJobDefinition = defineJob(FEED_BODACC, feedJobPayload, (deps: FeedJobDeps) => announced(deps, bodaccJob));

/** The feed jobs, as the feeds module lists them. */
export const feedJobs = [sireneJobDefinition, bodaccJobDefinition];

/** The job definition of each uploadable feed. */
export const FEED_DEFINITIONS: Record<UploadFeed, typeof sireneJobDefinition> = { sirene: sireneJobDefinition, bodacc: bodaccJobDefinition };
