/** Registry entry of the profile module (SPEC section 2 'Profile'): /profile and /profile/password, reached from the user menu. */
import { lazyPage } from '../../lib/lazyPage';
import type { WebModule } from '../module';

/** The profile module (no sidebar entry: the header's user menu leads to it). */
export const profileModule: WebModule = {
  name: 'profile',
  routes: [
    { path: 'profile', lazy: lazyPage(() => import('./ProfilePage')) },
    { path: 'profile/password', lazy: lazyPage(() => import('./PasswordPage')) },
  ],
};
