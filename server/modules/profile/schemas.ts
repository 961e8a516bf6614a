/**
 * Own-profile payloads (SPEC "Profile", sections 3 and 7).
 */
import { z } from 'zod';
import type { AuthAdmin } from '../../http/session';
import { email, frenchError, password, text } from '../../http/fields';
import { avatarUrl } from '../admins/schemas';

export const profileResponse = z.object({
  id: z.number(),
  firstname: z.string(),
  name: z.string(),
  email: z.string(),
  avatar_url: z.string(),
  status: z.number(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

export const profileUpdateBody = z.object({
  /** Absent: unchanged; null or '': cleared. */
  firstname: z
    .string({ error: frenchError('Prénom') })
    .trim()
    .max(255, { error: frenchError('Prénom') })
    .nullish()
    .transform((v) => (v === undefined ? undefined : (v ?? ''))),
  name: text('Nom'),
  email: email('Email'),
});

export const passwordUpdateBody = z.object({
  current: z.string({ error: frenchError('Mot de passe actuel') }).min(1, { error: frenchError('Mot de passe actuel') }),
  password: password('Nouveau mot de passe'),
  password_confirmation: z.string({ error: frenchError('Confirmation du mot de passe') }),
});

export const avatarResponse = z.object({ avatar_url: z.string() });

/** Maps the signed-in administrator (or an admins row) to the profile object. */
export function toProfile(a: Pick<AuthAdmin, 'id' | 'firstname' | 'name' | 'email' | 'status' | 'avatarKey'>): ProfileResponse {
  return { id: a.id, firstname: a.firstname, name: a.name, email: a.email, status: a.status, avatar_url: avatarUrl(a.avatarKey) };
}
