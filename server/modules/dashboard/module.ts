/** Registry entry of the dashboard module: `/api/dashboard/stats` (every module's counter) and `/api/config`. */
import type { ServerModule } from '../module';
import { dashboardRoutes } from './routes';

/** The dashboard module, mounted at `/api`; its stats iterate the registry's counters. */
export const dashboardModule: ServerModule = { name: 'dashboard', prefix: '/api', routes: dashboardRoutes };
