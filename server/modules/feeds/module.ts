/**
 * Registry entries of the feeds (issue 9; SPEC section 7 "Supervision"): the supervision calls of the INSEE
 * Sirene and BODACC feeds at `/api/supervisions`, and the company lookup at `/api/companies`.
 */
import type { ServerModule } from '../module';
import { feedJobs } from './jobs';
import { companiesRoutes, supervisionRoutes } from './routes';

/** The supervision module (feed files, upload, jobs, health), mounted at `/api/supervisions`; it declares the feed jobs. */
export const supervisionModule: ServerModule = { name: 'supervision', prefix: '/api/supervisions', routes: supervisionRoutes, jobs: feedJobs };

/** The company register lookup, mounted at `/api/companies`. */
export const companiesModule: ServerModule = { name: 'companies', prefix: '/api/companies', routes: companiesRoutes };
