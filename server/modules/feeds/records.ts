/**
 * The supervision file lists (SPEC section 7 `bodaccall`, `inseeCompanies`, `inseeLocations`; section 3
 * "Supervision file record", "Statistics import file"): the `feed_files` rows of one feed, newest first, at most
 * FEED_FILES_MAX, read through the `(feed, id)` index.
 */
import { desc, eq } from 'drizzle-orm';
import { FEED_FILES_MAX, type FeedFileRecord } from '../../../contract/feeds';
import { readImportSummary } from '../../../contract/import-summary';
import type { Db } from '../../db/client';
import { feedFiles, type Feed } from '../../db/schema';

/** The file records of `feed`, newest first (id descending), as the API answers them. */
export async function listFeedFiles(db: Db, feed: Feed): Promise<FeedFileRecord[]> {
  const rows = await db
    .select({
      id: feedFiles.id,
      filename: feedFiles.filename,
      status: feedFiles.status,
      createdAt: feedFiles.createdAt,
      lines: feedFiles.lines,
      error: feedFiles.error,
      origin: feedFiles.origin,
      summary: feedFiles.summary,
    })
    .from(feedFiles)
    .where(eq(feedFiles.feed, feed))
    .orderBy(desc(feedFiles.id))
    .limit(FEED_FILES_MAX);
  return rows.map((r) => ({
    id: Number(r.id),
    filename: r.filename,
    status: Number(r.status),
    date_creation: r.createdAt.toISOString(),
    lines: Number(r.lines),
    error: r.error,
    origin: r.origin,
    summary: readImportSummary(r.summary),
  }));
}
