/** Routes of the profile module: /profile and /profile/password (SPEC section 2 'Profile'). */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

/** Routes of the profile module. */
export const profileRoutes: RouteObject[] = [
  { path: 'profile', lazy: lazyPage(() => import('./ProfilePage')) },
  { path: 'profile/password', lazy: lazyPage(() => import('./PasswordPage')) },
];
