/** Registry entry of the sign-in module (CONVENTIONS.md section 3): `/api/csrf-cookie`, `/api/login`, `/api/logout`. */
import type { ServerModule } from '../module';
import { authRoutes } from './routes';

/** The auth module, mounted at `/api`. */
export const authModule: ServerModule = { name: 'auth', prefix: '/api', routes: authRoutes };
