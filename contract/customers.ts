/**
 * API customer payloads (SPEC sections 3 and 7 "Customers"). Credentials are 8..255 characters of
 * `A-Z a-z 0-9 . _ ~ -` (safe in HTTP Basic and form bodies); secrets need at least 16 characters.
 */
import { z } from 'zod';
import { frenchError, optionalStatus, status, statusResponse, text } from './fields';

export const customerLabels = {
  name: 'Nom',
  client_id: 'Client_id (Prod)',
  client_secret: 'Client_secret (Prod)',
  client_id_sandbox: 'Client_id (Sandbox)',
  client_secret_sandbox: 'Client_secret (Sandbox)',
  status: 'Actif',
} as const;

function credential(label: string, min: number) {
  const error = frenchError(label);
  return text(label)
    .min(min, { error })
    .regex(/^[A-Za-z0-9._~-]+$/, { error: () => `Le champ ${label} ne peut contenir que des lettres, chiffres et . _ ~ -` });
}

export const customerStoreBody = z
  .object({ name: text(customerLabels.name), status: status(customerLabels.status) })
  .meta({ id: 'CustomerStore' });
export type CustomerStoreInput = z.output<typeof customerStoreBody>;

export const customerUpdateBody = z.object({
  name: text(customerLabels.name),
  client_id: credential(customerLabels.client_id, 8),
  client_secret: credential(customerLabels.client_secret, 16),
  client_id_sandbox: credential(customerLabels.client_id_sandbox, 8),
  client_secret_sandbox: credential(customerLabels.client_secret_sandbox, 16),
  status: optionalStatus(customerLabels.status),
}).meta({ id: 'CustomerUpdate' });
export type CustomerUpdateInput = z.output<typeof customerUpdateBody>;

export const customerResponse = z.object({
  id: z.number(),
  name: z.string(),
  client_id: z.string(),
  client_secret: z.string(),
  client_id_sandbox: z.string(),
  client_secret_sandbox: z.string(),
  status: statusResponse,
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: 'Customer' });
export type CustomerResponse = z.infer<typeof customerResponse>;
