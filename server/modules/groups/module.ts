/** Registry entry of the groups module (SPEC section 7 "Groups"), with its dashboard counts. */
import { groups } from '../../db/schema';
import { countByStatus } from '../../lib/status-count';
import type { ServerModule } from '../module';
import { groupsRoutes } from './routes';

/** The groups module, mounted at `/api/groups`; counts active and total groups. */
export const groupsModule: ServerModule = {
  name: 'groups',
  prefix: '/api/groups',
  routes: groupsRoutes,
  dashboard: (db) => countByStatus(db, groups),
};
