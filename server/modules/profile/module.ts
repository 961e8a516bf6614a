/**
 * Registry entries of the profile module (SPEC section 7 "Profile"): its calls under `/api/profile`, and
 * `GET /avatars/{key}.webp`, mounted at the root so that `<img>` can load it.
 */
import type { ServerModule } from '../module';
import { avatarFileRoute, profileRoutes } from './routes';

/** The profile calls, mounted at `/api/profile`. */
export const profileModule: ServerModule = { name: 'profile', prefix: '/api/profile', routes: profileRoutes };

/** The avatar files, mounted outside `/api` (the `/api` guard does not apply; the route checks the session). */
export const avatarFilesModule: ServerModule = { name: 'avatar-files', prefix: '', routes: avatarFileRoute };
