/**
 * What a file import did, kept with its record (CONVENTIONS.md section 6 "bulk load"): the news import in its job's
 * `result.summary`, the deals import in `deal_import_files.summary`, the INSEE Sirene and BODACC imports in
 * `feed_files.summary`. Counts of rows (news, deals), companies or establishments (INSEE), notices (BODACC).
 */
import { z } from 'zod';

export const importSummary = z
  .object({
    /** Data rows read from the file (the header excluded). */
    rows_read: z.number(),
    /** Rows written new (news: rows ready for review; BODACC: notices new to vigie). */
    created: z.number(),
    /** Existing rows rewritten because they changed. */
    updated: z.number(),
    /** Rows already known, left as they were (BODACC: notices already stored). */
    unchanged: z.number(),
    /** Update-log entries written. */
    log_entries: z.number(),
    /** SIRENs queued for the RNE worker (officers and accounts). */
    rne_queued: z.number(),
    /** Rows in error (news: kept for review, not imported). */
    in_error: z.number().optional(),
  })
  .meta({ id: 'ImportSummary' });
/** What a file import did. */
export type ImportSummary = z.output<typeof importSummary>;

/** The summary stored in a record's jsonb, or null when it holds none (a file imported before summaries were kept). */
export function readImportSummary(value: unknown): ImportSummary | null {
  const parsed = importSummary.safeParse(value);
  return parsed.success ? parsed.data : null;
}
