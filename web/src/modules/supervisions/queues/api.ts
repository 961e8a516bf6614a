/**
 * Calls of the differential queues (SPEC section 7 `reportsall`,
 * `dirigeantsall`, `liveinpiall`, `download-csv`; contract/rne.ts): the summaries (four day cards, the
 * queue's remaining count, the processing windows), the paged tables of processed and parked entries, the
 * requeue of a parked entry, the manual add and the CSV export; the waiting entries' table and the bulk actions
 * of the parked and waiting tables (`parked/bulk/{requeue|remove}`, `waiting/bulk/remove`).
 */
import type { BulkResponse } from '../../../../../contract/bulk';
import type {
  DirigeantsResponse,
  LiveInpiResponse,
  ParkedEntry,
  QueueEntry,
  QueueName,
  QueueSirensResult,
  QueueState,
  ReportsResponse,
} from '../../../../../contract/rne';
import { api, apiBlob, ok } from '../../../api/client';
import type { ListFilter, Paginated } from '../../../api/types';
import type { BulkSelection } from '../../../components/list/useListSelection';
import type { SirenLines } from '../../../lib/sirenLines';

export type { DirigeantsResponse, LiveInpiResponse, ParkedEntry, QueueEntry, QueueName, QueueSirensResult, QueueState, ReportsResponse };

/** GET reportsall: the accounts queue's cards, remaining and parked counts. */
export function fetchReports(signal?: AbortSignal): Promise<ReportsResponse> {
  return ok(api.GET('/api/supervisions/reportsall', { signal }));
}

/** GET dirigeantsall: the officers queue's cards, remaining and parked counts, and the window of J. */
export function fetchDirigeants(signal?: AbortSignal): Promise<DirigeantsResponse> {
  return ok(api.GET('/api/supervisions/dirigeantsall', { signal }));
}

/** GET liveinpiall: the officers queue's cards and the windows of J, J-1 and J-2. */
export function fetchLiveInpi(signal?: AbortSignal): Promise<LiveInpiResponse> {
  return ok(api.GET('/api/supervisions/liveinpiall', { signal }));
}

/** POST queues/{queue}/filter?page=n: one page of the entries processed (columns id, siren, date_creation). */
export function filterQueue(queue: QueueName, filter: ListFilter, page: number, signal?: AbortSignal): Promise<Paginated<QueueEntry>> {
  return ok(api.POST('/api/supervisions/queues/{queue}/filter', { params: { path: { queue }, query: { page: String(page) } }, body: filter, signal }));
}

/** POST queues/officers/live/filter?page=n: the officers entries processed since the start of J-1 (Paris). */
export function filterLive(filter: ListFilter, page: number, signal?: AbortSignal): Promise<Paginated<QueueEntry>> {
  return ok(api.POST('/api/supervisions/queues/officers/live/filter', { params: { query: { page: String(page) } }, body: filter, signal }));
}

/** POST queues/{queue}/parked/filter?page=n: one page of the entries parked after failing. */
export function filterParked(queue: QueueName, filter: ListFilter, page: number, signal?: AbortSignal): Promise<Paginated<ParkedEntry>> {
  return ok(
    api.POST('/api/supervisions/queues/{queue}/parked/filter', { params: { path: { queue }, query: { page: String(page) } }, body: filter, signal }),
  );
}

/** POST queues/{queue}/requeue/{id}: puts a parked entry back in its queue (204). */
export async function requeueEntry(queue: QueueName, id: number): Promise<void> {
  await ok(api.POST('/api/supervisions/queues/{queue}/requeue/{id}', { params: { path: { queue, id: String(id) } } }));
}

/** POST queues/{queue}/sirens: queues the textarea's SIRENs (422 `errors.sirens` names the invalid lines). */
export function addQueueSirens(queue: QueueName, input: SirenLines): Promise<QueueSirensResult> {
  return ok(api.POST('/api/supervisions/queues/{queue}/sirens', { params: { path: { queue } }, body: input }));
}

/** GET download-csv: the officers entries processed on J and J-1, as CSV bytes (UTF-8 with BOM, `;`). */
export function downloadCsv(): Promise<Blob> {
  return apiBlob('/api/supervisions/download-csv');
}

/** POST queues/{queue}/waiting/filter?page=n: one page of the entries waiting, not yet taken by a worker. */
export function filterWaiting(queue: QueueName, filter: ListFilter, page: number, signal?: AbortSignal): Promise<Paginated<QueueEntry>> {
  return ok(
    api.POST('/api/supervisions/queues/{queue}/waiting/filter', { params: { path: { queue }, query: { page: String(page) } }, body: filter, signal }),
  );
}

/** POST queues/{queue}/parked/bulk/{action}: requeues or removes the chosen parked entries; answers their count. */
export function bulkParked(queue: QueueName, action: 'requeue' | 'remove', selection: BulkSelection): Promise<BulkResponse> {
  return ok(api.POST('/api/supervisions/queues/{queue}/parked/bulk/{action}', { params: { path: { queue, action } }, body: selection }));
}

/** POST queues/{queue}/waiting/bulk/remove: removes the chosen waiting entries; answers their count. */
export function bulkRemoveWaiting(queue: QueueName, selection: BulkSelection): Promise<BulkResponse> {
  return ok(api.POST('/api/supervisions/queues/{queue}/waiting/bulk/remove', { params: { path: { queue } }, body: selection }));
}
