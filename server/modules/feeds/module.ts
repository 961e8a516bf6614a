/**
 * Registry entries of the feeds (SPEC section 7 "Supervision"): the supervision calls of the INSEE
 * Sirene and BODACC feeds at `/api/supervisions`, and the company lookup at `/api/companies`.
 */
import type { ServerModule } from '../module';
import { feedJobs } from './jobs';
import { companiesRoutes, feedRoutes } from './routes';

/** The feeds module (INSEE Sirene and BODACC files: upload, jobs, health, inbox, fetch), mounted at the spec's `/api/supervisions`; it declares the feed jobs. */
export const feedsModule: ServerModule = { name: 'feeds', prefix: '/api/supervisions', routes: feedRoutes, jobs: feedJobs };

/** The company register lookup, mounted at `/api/companies`. */
export const companiesModule: ServerModule = { name: 'companies', prefix: '/api/companies', routes: companiesRoutes };
