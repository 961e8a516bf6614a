/**
 * Background-job state as the API gives it (CONVENTIONS.md section 6):
 * `GET /api/jobs/{id}` and the import state of the news import screen.
 */
import { z } from 'zod';

/**
 * queued -> running -> done | failed; an upload whose import must be confirmed goes running -> waiting (its counts
 * in `result`), then queued again when confirmed, or failed when abandoned (server/jobs/confirmation.ts).
 */
export const JOB_STATES = ['queued', 'running', 'waiting', 'done', 'failed'] as const;

export const jobResponse = z
  .object({
    id: z.string(),
    kind: z.string(),
    state: z.enum(JOB_STATES),
    /** Data rows read so far (the header excluded). */
    rows_read: z.number(),
    /** Bytes of the input read so far, and its size (null when unknown). */
    bytes_read: z.number(),
    bytes_total: z.number().nullable(),
    /** 0..100 from the bytes, null when the size is unknown. */
    percent: z.number().nullable(),
    /** French message of a failure. */
    error: z.string().nullable(),
    /** The file the job reads, when it reads one. */
    filename: z.string().nullable(),
    result: z.record(z.string(), z.unknown()).nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'Job' });
export type JobResponse = z.output<typeof jobResponse>;

export const jobParams = z.object({ id: z.uuid({ error: () => "L’identifiant du traitement n’est pas valide." }) });
