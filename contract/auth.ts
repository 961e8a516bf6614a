/**
 * Sign-in payloads (CONVENTIONS.md section 3): the body of `POST /api/login`. Its answer is the
 * profile object (contract/profile.ts).
 */
import { z } from 'zod';
import { frenchError } from './fields';

export const loginBody = z.object({
  email: z
    .string({ error: frenchError('Email') })
    .trim()
    .min(1, { error: frenchError('Email') })
    .max(255, { error: frenchError('Email') }),
  password: z.string({ error: frenchError('Mot de passe') }).min(1, { error: frenchError('Mot de passe') }).max(1024),
}).meta({ id: 'Login' });
