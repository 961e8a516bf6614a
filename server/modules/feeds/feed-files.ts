/**
 * The file records of the feeds (`feed_files`; SPEC section 3 "Statistics import file", "Supervision file
 * record"): one row per file read, ok or failed, written by the feed jobs and by the scheduled fetch.
 */
import { eq } from 'drizzle-orm';
import type { ImportSummary } from '../../../contract/import-summary';
import type { Sql } from '../../db/sql';
import type { Db } from '../../db/client';
import { feedFiles, type Feed } from '../../db/schema';
import type { FeedOrigin } from './kinds';

/** What a feed file record holds. */
export interface FeedFileInput {
  feed: Feed;
  filename: string;
  status: 0 | 1;
  lines: number;
  error?: string | null;
  origin: FeedOrigin;
  jobId?: string | null;
  summary?: Record<string, unknown> | null;
}

/** Records one file (through `db`, or the caller's transaction). Filenames are cut at 255 characters. @returns its id */
export async function recordFeedFile(db: Db, input: FeedFileInput): Promise<number> {
  const [row] = await db
    .insert(feedFiles)
    .values({
      feed: input.feed,
      filename: input.filename.slice(0, 255),
      status: input.status,
      lines: input.lines,
      error: input.error ?? null,
      origin: input.origin,
      jobId: input.jobId ?? null,
      summary: input.summary ?? null,
    })
    .returning({ id: feedFiles.id });
  return row.id;
}

/** Whether job `jobId` already has its record (a failed job is recorded once, by its run or by its cleanup). */
export async function hasFeedFile(db: Db, jobId: string): Promise<boolean> {
  const [row] = await db.select({ id: feedFiles.id }).from(feedFiles).where(eq(feedFiles.jobId, jobId)).limit(1);
  return Boolean(row);
}

/**
 * Adds the import's summary (contract/import-summary.ts) to the `feed_files` row `id`, beside what the feed's merge
 * wrote there, on `sql` (inside the import's transaction).
 */
export async function keepFeedSummary(sql: Sql, id: number, summary: ImportSummary): Promise<void> {
  await sql.exec(`update feed_files set summary = coalesce(summary, '{}'::jsonb) || $2::jsonb where id = $1`, [id, JSON.stringify(summary)]);
}
