/**
 * Administrator payloads (SPEC sections 3 and 7 "Administrators"): request bodies validated with the
 * French field builders, and the response object. The row -> response mapping is the server's
 * (server/modules/admins/mapping.ts).
 */
import { z } from 'zod';
import { email, optionalPassword, optionalStatus, password, status, statusResponse, text } from './fields';

/** Labels as the forms show them (used in messages). */
export const adminLabels = { name: 'Prénom & nom', email: 'Email', password: 'Mot de passe', status: 'Actif' };

export const adminStoreBody = z.object({
  name: text(adminLabels.name),
  email: email(adminLabels.email),
  password: password(adminLabels.password),
  status: status(adminLabels.status),
}).meta({ id: 'AdminStore' });
export type AdminStoreInput = z.output<typeof adminStoreBody>;

/** The store body, where the password and the status may be left out (the current ones stay). */
export const adminUpdateBody = adminStoreBody.extend({
  password: optionalPassword(adminLabels.password),
  status: optionalStatus(adminLabels.status),
}).meta({ id: 'AdminUpdate' });
export type AdminUpdateInput = z.output<typeof adminUpdateBody>;

export const adminResponse = z.object({
  id: z.number(),
  firstname: z.string(),
  name: z.string(),
  email: z.string(),
  status: statusResponse,
  avatar_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: 'Admin' });
export type AdminResponse = z.infer<typeof adminResponse>;
