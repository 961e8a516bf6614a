/** Registry entry of the API customers module (SPEC section 7 "Customers"), with its dashboard counts. */
import { apiCustomers } from '../../db/schema';
import { countByStatus } from '../../lib/status-count';
import type { ServerModule } from '../module';
import { customersRoutes } from './routes';

/** The API customers module, mounted at `/api/customers`; counts active and total customers. */
export const customersModule: ServerModule = {
  name: 'customers',
  prefix: '/api/customers',
  routes: customersRoutes,
  dashboard: (db) => countByStatus(db, apiCustomers),
};
