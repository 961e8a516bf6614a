/**
 * Opens the file of a feed job (server/modules/feeds/kinds.ts `FeedSource`) as a byte stream.
 */
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { readJobFile } from '../../jobs/files';
import type { JobRow } from '../../jobs/store';
import type { FeedJobPayload } from './kinds';

/** The job's input: the stored upload, or the file at `source.path`. @throws ENOENT when that file is gone. */
export function openFeedFile(db: Db, job: JobRow): Readable {
  const payload = job.payload as unknown as FeedJobPayload;
  return payload.source.kind === 'path' ? fs.createReadStream(payload.source.path) : readJobFile(db, job.id);
}
