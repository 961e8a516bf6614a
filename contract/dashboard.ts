/**
 * `/home` payloads: `GET /api/dashboard/stats` (counts per kind of record, active and total) and
 * `GET /api/config` (front-end settings from the environment).
 */
import { z } from 'zod';

/** Active and total count of one kind of record. */
export const activeTotal = z.object({ active: z.number(), total: z.number() }).meta({ id: 'ActiveTotal' });

/**
 * Answer of `GET /api/dashboard/stats`: one `activeTotal` per module that counts its records, keyed by
 * the module's name (`admins`, `customers`, ...), so that a new module adds a key, not a schema.
 */
export const dashboardStats = z.record(z.string(), activeTotal).meta({ id: 'DashboardStats' });

/** Answer of `GET /api/config`. The two page URLs are templates containing `{siren}`. */
export const appConfig = z.object({
  api_docs_url: z.string(),
  /** External company page, e.g. `https://annuaire-entreprises.data.gouv.fr/entreprise/{siren}`. */
  company_page_url: z.string(),
  /** External register manager page, e.g. `https://data.inpi.fr/entreprises/{siren}`. */
  register_page_url: z.string(),
}).meta({ id: 'AppConfig' });
