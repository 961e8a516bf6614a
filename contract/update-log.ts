/**
 * Update log payloads (SPEC sections 3 and 7 "Update log"): one entry `{id, code, name, description,
 * created_at, source}` where `name` is the SIREN and `source` where a feed read it, and the statistics `{thisYear, lastYear, thisMonth, months
 * (01..12), days (01..31)}`.
 */
import { z } from 'zod';
import { pageResponse } from './listing';

/**
 * Where a feed read what an entry says (CONVENTIONS.md section 7): `label` (`BODACC A n°20210005 du 08/01/2021,
 * avis n°1`, `Fichier INSEE StockUniteLegale_utf8.zip, ligne 12`) and `url`, the source's page: absolute for an
 * outside page (the notice on bodacc.fr), a path of the back-office for a file it imported, null when none.
 */
export const logSource = z.object({ label: z.string(), url: z.string().nullable() }).meta({ id: 'LogSource' });
export type LogSource = z.infer<typeof logSource>;

export const logEntry = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  /** The entry's source, null for an entry no feed wrote. */
  source: logSource.nullable(),
}).meta({ id: 'LogEntry' });
export type LogEntry = z.infer<typeof logEntry>;

export const logPage = pageResponse(logEntry).meta({ id: 'LogPage' });

const keyed = (n: number) => z.object(Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i + 1).padStart(2, '0'), z.number()])));

export const logStats = z.object({
  thisYear: z.number(),
  lastYear: z.number(),
  thisMonth: z.number(),
  months: keyed(12),
  days: keyed(31),
}).meta({ id: 'LogStats' });
export type LogStats = z.infer<typeof logStats>;
