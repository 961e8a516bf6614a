/**
 * The feed jobs: one pg-boss job kind per feed, run the same way whether the file was
 * uploaded (`/supervisions`), given to the CLI (`npm run feed:sirene -- FILE…`), dropped in the inbox
 * (`DATA_DIR/inbox/{sirene,bodacc}/`) or downloaded by the scheduled fetch.
 */
import { z } from 'zod';
import { FEEDS } from '../../db/schema';
import { jobInputSchema } from '../../jobs/files';

/** Job kind (pg-boss queue) of an INSEE Sirene stock file, companies or establishments (CSV or zip). */
export const FEED_SIRENE = 'feed-sirene';
/** Job kind of a BODACC file (DILA XML bulletin, Opendatasoft JSON export v1 or v2.1). */
export const FEED_BODACC = 'feed-bodacc';

/** How a file reached vigie. */
export type FeedOrigin = 'upload' | 'cli' | 'inbox' | 'fetch';

/** The schema of a feed job's payload (server/jobs/define.ts). */
export const feedJobPayload = z.object({
  /** The name shown in the supervision tables. */
  filename: z.string(),
  origin: z.enum(['upload', 'cli', 'inbox', 'fetch']),
  /**
   * Where the job reads its file (server/jobs/files.ts): `stored` = an upload kept in the database, readable by
   * any process; `path` = a file on this machine (CLI, inbox, fetch), read in place.
   */
  input: jobInputSchema,
  /** For the `sirene` feed when the file is not recognised before reading: the table to record it under. */
  feed: z.enum(FEEDS).optional(),
  /**
   * An upload from the screens: most update-log entries or SIRENs queued for the RNE it may write before the
   * operator confirms it (FEED_CONFIRM_THRESHOLD; server/jobs/confirmation.ts). Absent: never asked.
   */
  confirm_above: z.number().int().min(0).optional(),
  /** The operator confirmed it: it commits whatever its counts. */
  confirmed: z.boolean().optional(),
});

/** The threshold the import of `payload` is held at, or undefined when it commits without asking. */
export function confirmThreshold(payload: FeedJobPayload): number | undefined {
  return payload.confirmed ? undefined : payload.confirm_above;
}

/** Payload of a feed job (jobs.payload). */
export type FeedJobPayload = z.output<typeof feedJobPayload>;
