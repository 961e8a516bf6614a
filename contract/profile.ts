/**
 * Own-profile payloads (SPEC "Profile", sections 3 and 7).
 */
import { z } from 'zod';
import { email, frenchError, password, statusResponse, text } from './fields';

export const profileResponse = z.object({
  id: z.number(),
  firstname: z.string(),
  name: z.string(),
  email: z.string(),
  avatar_url: z.string(),
  status: statusResponse,
}).meta({ id: 'Profile' });
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
}).meta({ id: 'ProfileUpdate' });

export const passwordUpdateBody = z.object({
  current: z.string({ error: frenchError('Mot de passe actuel') }).min(1, { error: frenchError('Mot de passe actuel') }),
  password: password('Nouveau mot de passe'),
  password_confirmation: z.string({ error: frenchError('Confirmation du mot de passe') }),
}).meta({ id: 'PasswordUpdate' });

export const avatarResponse = z.object({ avatar_url: z.string() }).meta({ id: 'Avatar' });
