/**
 * API customer payloads (SPEC sections 3 and 7 "Customers"). Credentials are 8..255 characters of
 * `A-Z a-z 0-9 . _ ~ -` (safe in HTTP Basic and form bodies); secrets need at least 16 characters.
 * A customer's use of the customer API is counted per environment and Paris day (`api_usage_daily`): the list
 * gives today's calls (`calls_today`), `GET /api/customers/{id}/usage` the last 30 days.
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
  /** Calls to the customer API today (Europe/Paris day), Prod and Sandbox together, errors included. */
  calls_today: z.number().int().min(0),
  created_at: z.string(),
  updated_at: z.string(),
}).meta({ id: 'Customer' });
export type CustomerResponse = z.infer<typeof customerResponse>;

/** How many days `GET /api/customers/{id}/usage` gives: today and the 29 days before (Europe/Paris). */
export const USAGE_DAYS = 30;

const count = z.number().int().min(0);

/** One Paris day of a customer's use of the customer API. */
export const customerUsageDay = z
  .object({
    /** The day in Europe/Paris, `YYYY-MM-DD`. */
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    prod_calls: count,
    sandbox_calls: count,
    /** Answers with a status of 400 or more, both environments. */
    errors: count,
    /** The day's last call (ISO 8601, UTC), null on a day without calls. */
    last_call_at: z.string().nullable(),
  })
  .meta({ id: 'CustomerUsageDay' });
export type CustomerUsageDay = z.infer<typeof customerUsageDay>;

/** Answer of `GET /api/customers/{id}/usage`: the last 30 Paris days, oldest first, days without calls as zeros. */
export const customerUsageResponse = z
  .object({
    data: z.array(customerUsageDay),
    /** Sums over the 30 days; `calls` is Prod plus Sandbox, `last_call_at` the latest call of the period. */
    totals: z.object({
      calls: count,
      prod_calls: count,
      sandbox_calls: count,
      errors: count,
      last_call_at: z.string().nullable(),
    }),
  })
  .meta({ id: 'CustomerUsage' });
export type CustomerUsageResponse = z.infer<typeof customerUsageResponse>;
