/** Registry entry of the update-log module (SPEC section 7 "Update log"): `/api/messages/*`. */
import type { ServerModule } from '../module';
import { updateLogRoutes } from './routes';

/** The update-log module, mounted at `/api/messages`. */
export const updateLogModule: ServerModule = { name: 'update-log', prefix: '/api/messages', routes: updateLogRoutes };
