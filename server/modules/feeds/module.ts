/**
 * Registry entry of the feeds (SPEC section 7 "Supervision"): the supervision calls of the INSEE Sirene and BODACC
 * feeds at `/api/supervisions`, and the feed jobs. The company lookup is the register's (server/modules/register).
 */
import type { ServerModule } from '../module';
import { feedJobs } from './jobs';
import { feedRoutes } from './routes';

/** The feeds module (INSEE Sirene and BODACC files: upload, jobs, health, inbox, fetch), mounted at the spec's `/api/supervisions`; it declares the feed jobs. */
export const feedsModule: ServerModule = { name: 'feeds', prefix: '/api/supervisions', routes: feedRoutes, jobs: feedJobs };
