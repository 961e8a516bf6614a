/**
 * Synchroniser batch calls (server/modules/news/sync-batches.ts): `POST /api/news/syncbatches?page=n` (the batches,
 * newest first) and `POST /api/news/syncbatches/{id}/undo` (the batch's articles back among the pending news).
 */
import { api, ok } from '../../../api/client';
import type { ListFilter, Paginated } from '../../../api/types';
import type { z } from 'zod';
import type { syncBatch, undoBatchResponse } from '../../../../../contract/news';

/** A batch as the list answers it: number, date, author, articles published and still published, undo. */
export type SyncBatch = z.output<typeof syncBatch>;
/** Answer of an undo: articles put back, those already pending, and the toast text. */
export type UndoAnswer = z.output<typeof undoBatchResponse>;

/** Query key prefix of the batches (reloaded after a Synchroniser or an undo). */
export const SYNC_BATCHES_KEY = ['news', 'sync-batches'] as const;

/** POST /api/news/syncbatches?page=n. */
export function filterSyncBatches(filter: ListFilter, page: number, signal?: AbortSignal): Promise<Paginated<SyncBatch>> {
  return ok(api.POST('/api/news/syncbatches', { params: { query: { page: String(page) } }, body: filter, signal }));
}

/** POST /api/news/syncbatches/{id}/undo. */
export function undoSyncBatch(id: number): Promise<UndoAnswer> {
  return ok(api.POST('/api/news/syncbatches/{id}/undo', { params: { path: { id: String(id) } } }));
}
