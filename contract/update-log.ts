/**
 * Update log payloads (SPEC sections 3 and 7 "Update log"): one entry `{id, code, name, description,
 * created_at}` where `name` is the SIREN, and the statistics `{thisYear, lastYear, thisMonth, months
 * (01..12), days (01..31)}`.
 */
import { z } from 'zod';
import { pageResponse } from './listing';

export const logEntry = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
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
