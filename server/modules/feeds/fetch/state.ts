/**
 * The cursor of each scheduled fetch (`feed_state`, server/db/schema/feeds.ts): BODACC keeps
 * the last publication date read (YYYY-MM-DD), Sirene the version (ETag or Last-Modified) of each stock file
 * imported, as JSON keyed by file name. Written only after the import of what was fetched succeeded.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { feedState } from '../../../db/schema';

/** The cursor of `feed` (`bodacc` or `sirene`), null when none was recorded. */
export async function readCursor(db: Db, feed: string): Promise<string | null> {
  const [row] = await db.select({ cursor: feedState.cursor }).from(feedState).where(eq(feedState.feed, feed));
  return row?.cursor ?? null;
}

/** Records the cursor of `feed`. */
export async function writeCursor(db: Db, feed: string, cursor: string): Promise<void> {
  await db
    .insert(feedState)
    .values({ feed, cursor, updatedAt: new Date() })
    .onConflictDoUpdate({ target: feedState.feed, set: { cursor, updatedAt: new Date() } });
}
