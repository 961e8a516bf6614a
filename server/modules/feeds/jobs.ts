/**
 * The feed jobs, declared once (server/jobs/define.ts) and listed by the feeds module: the INSEE Sirene and BODACC
 * imports. Once a job has committed, the feeds' subscribers hear of it (./events.ts `afterJob`: the RNE module
 * wakes its worker there), wherever it runs: the server, the CLI, the seed.
 */
import type { AppContext } from '../../context';
import { defineJob } from '../../jobs/define';
import type { JobKind } from '../../jobs/queue';
import { bodaccJob } from './bodacc/job';
import { feedHooks } from './events';
import { FEED_BODACC, FEED_SIRENE, feedJobPayload } from './kinds';
import { sireneJobWith } from './sirene/job';

/** `kind`, whose committed result is passed to the feeds' subscribers. */
function announced(app: AppContext, kind: JobKind): JobKind {
  return {
    ...kind,
    async run(ctx) {
      const out = await kind.run(ctx);
      await feedHooks().afterJob(app, out.result);
      return out;
    },
  };
}

/** An INSEE Sirene stock file (companies or establishments). */
export const sireneJobDefinition = defineJob(FEED_SIRENE, feedJobPayload, (app) => announced(app, sireneJobWith(app.config.sireneLimits)));

/** A BODACC file (DILA XML bulletin, Opendatasoft JSON export). */
export const bodaccJobDefinition = defineJob(FEED_BODACC, feedJobPayload, (app) => announced(app, bodaccJob));

/** The feed jobs, as the feeds module lists them. */
export const feedJobs = [sireneJobDefinition, bodaccJobDefinition];
