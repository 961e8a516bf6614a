/**
 * Administrator payloads (SPEC sections 3 and 7 "Administrators"): request bodies validated with the
 * French field builders, the response object, and the row -> response mapping.
 */
import { z } from 'zod';
import type { admins } from '../../db/schema';
import { email, optionalPassword, optionalStatus, password, status, text } from '../../http/fields';

/** Labels as the forms show them (used in messages). */
export const adminLabels = { name: 'Prénom & nom', email: 'Email', password: 'Mot de passe', status: 'Actif' };

export const adminStoreBody = z.object({
  name: text(adminLabels.name),
  email: email(adminLabels.email),
  password: password(adminLabels.password),
  status: status(adminLabels.status),
});
export type AdminStoreInput = z.output<typeof adminStoreBody>;

export const adminUpdateBody = z.object({
  name: text(adminLabels.name),
  email: email(adminLabels.email),
  password: optionalPassword(adminLabels.password),
  status: optionalStatus(adminLabels.status),
});
export type AdminUpdateInput = z.output<typeof adminUpdateBody>;

export const adminResponse = z.object({
  id: z.number(),
  firstname: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.number(),
  avatar_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminResponse = z.infer<typeof adminResponse>;

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
    status: row.status,
    avatar_url: avatarUrl(row.avatarKey),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
