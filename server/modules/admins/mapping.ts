/**
 * Administrator rows -> API objects (contract/admins.ts), and the avatar URLs they carry.
 */
import type { AdminResponse } from '../../../contract/admins';
import type { Status } from '../../../contract/fields';
import type { admins } from '../../db/schema';

/** Default avatar served by the front end when none is uploaded. */
export const DEFAULT_AVATAR_URL = '/default-avatar.svg';

/** URL of an avatar key (`/avatars/{key}.webp`) or the default avatar. */
export function avatarUrl(key: string | null): string {
  return key ? `/avatars/${key}.webp` : DEFAULT_AVATAR_URL;
}

/** Maps a database row to the API object (never the password hash). */
export function toAdminResponse(row: typeof admins.$inferSelect): AdminResponse {
  return {
    id: row.id,
    firstname: row.firstname,
    name: row.name,
    email: row.email,
    status: row.status as Status,
    avatar_url: avatarUrl(row.avatarKey),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
