/** Registry entry of the auth module: the public /login page. */
import { lazyPage } from '../../lib/lazyPage';
import type { WebModule } from '../module';

/** The auth module (a public route only). */
export const authModule: WebModule = {
  name: 'auth',
  publicRoutes: [{ path: 'login', lazy: lazyPage(() => import('./LoginPage')) }],
};
