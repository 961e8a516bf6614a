/** Registry entry of the administrators module (SPEC section 7 "Administrators"), with its dashboard counts. */
import { admins } from '../../db/schema';
import { countByStatus } from '../../lib/status-count';
import type { ServerModule } from '../module';
import { adminsRoutes } from './routes';

/** The administrators module, mounted at `/api/admins`; counts active and total administrators. */
export const adminsModule: ServerModule = {
  name: 'admins',
  prefix: '/api/admins',
  routes: adminsRoutes,
  dashboard: (db) => countByStatus(db, admins),
};
