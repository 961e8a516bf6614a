/**
 * The feed jobs, declared once (server/jobs/define.ts) and listed by the supervision module: the INSEE Sirene
 * and BODACC imports. Both fill the RNE queues in their merges, so each wakes the RNE worker once it has
 * committed (../rne/wake-jobs.ts), wherever it runs: the server, the CLI, the seed.
 */
import { defineJob } from '../../jobs/define';
import { wakingRneWorker } from '../rne';
import { bodaccJob } from './bodacc/job';
import { FEED_BODACC, FEED_SIRENE, feedJobPayload } from './kinds';
import { sireneJob } from './sirene/job';

/** An INSEE Sirene stock file (companies or establishments). */
export const sireneJobDefinition = defineJob(FEED_SIRENE, feedJobPayload, (app) => wakingRneWorker(app, sireneJob));

/** A BODACC file (DILA XML bulletin, Opendatasoft JSON export). */
export const bodaccJobDefinition = defineJob(FEED_BODACC, feedJobPayload, (app) => wakingRneWorker(app, bodaccJob));

/** The feed jobs, as the supervision module lists them. */
export const feedJobs = [sireneJobDefinition, bodaccJobDefinition];
