/** What the admins module offers the other modules (they import it only through this file). */
export { findAdminByEmail, getAdmin } from './service';
export { avatarUrl, DEFAULT_AVATAR_URL } from './mapping';
