/**
 * Group payloads (SPEC sections 3 and 7 "Groups").
 */
import { z } from 'zod';
import { COMPANY_KNOWN_FROM } from './feeds';
import { frenchError, optionalStatus, status, statusResponse, text } from './fields';
import { MAX_SIRENS_PER_CALL } from './limits';
import { pageResponse } from './listing';


export const groupBody = z.object({ name: text('Nom'), status: status('Actif') }).meta({ id: 'GroupStore' });
export type GroupInput = z.output<typeof groupBody>;
export const groupUpdateBody = z.object({ name: text('Nom'), status: optionalStatus('Actif') }).meta({ id: 'GroupUpdate' });
export type GroupUpdateInput = z.output<typeof groupUpdateBody>;

export const addSirensBody = z.object({
  // Bounded like a path id: above the int4 range PostgreSQL failed (500; found by the fuzz test).
  id: z.coerce.number({ error: frenchError('Groupe') }).int().positive({ error: frenchError('Groupe') }).max(2147483647, { error: frenchError('Groupe') }),
  sirens: z
    .array(z.string({ error: frenchError('Sirens') }).max(64, { error: frenchError('Sirens') }), { error: frenchError('Sirens') })
    .min(1, { error: () => 'Veuillez saisir au moins un siren.' })
    .max(MAX_SIRENS_PER_CALL, { error: () => `Au plus ${MAX_SIRENS_PER_CALL.toLocaleString('fr-FR')} sirens par envoi.` }),
  /** Optional: the textarea line number of each entry (the client drops empty lines before sending). */
  lines: z.array(z.number().int().positive()).optional(),
}).meta({ id: 'AddSirens' });

export const groupResponse = z.object({
  id: z.number(),
  name: z.string(),
  status: statusResponse,
  sirens_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: 'Group' });
export type GroupResponse = z.infer<typeof groupResponse>;

export const groupSiren = z
  .object({
    id: z.number(),
    siren: z.string(),
    /** The company's name in the register, null when the register does not know the SIREN. */
    company_name: z.string().nullable(),
    /** How the register knows the SIREN (its company, or only its establishments), null when it does not. */
    known_from: z.enum(COMPANY_KNOWN_FROM).nullable(),
    /** Whether the register's head office of the SIREN is closed (INSEE establishment state F). */
    head_office_closed: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'GroupSiren' });
export const groupSirenPage = pageResponse(groupSiren).meta({ id: 'GroupSirenPage' });

export const addSirensResponse = z.object({
  message: z.string(),
  /** SIRENs newly added to the group. */
  added: z.number(),
  /** SIRENs sent that the group already held (or sent twice). */
  already_present: z.number(),
  /** SIRENs in the group after the call. */
  sirens_count: z.number(),
  /**
   * Present when lines were SIRETs, each taken for its SIREN: `Ligne 2 : SIRET 55203253400703 → SIREN 552032534`
   * (at most 50, then `… et 3 autre(s) SIRET ramené(s) à leur SIREN.`).
   */
  notes: z.array(z.string()).optional(),
}).meta({ id: 'AddSirensResult' });
