/**
 * The Siren / Date table of a queue page (SPEC section 2 "Supervision") on the shared
 * list, paged on the server: the entries processed (`POST queues/{queue}/filter`) or, on the live page,
 * those of J and J-1 (`POST queues/officers/live/filter`); newest first, searchable by the start of a
 * SIREN. Each SIREN links to the company page in a new tab.
 */
import { useMemo } from 'react';
import { useAppConfig } from '../../../app/useAppConfig';
import { DataList, type DataColumn } from '../../../components/list/DataList';
import type { ServerListSource } from '../../../components/list/useDataList';
import { filterLive, filterQueue, type QueueEntry, type QueueName } from './api';
import { dateColumn, ENTRY_LIST, reasonColumn, sirenColumn } from './entryColumns';
import { tableKey } from './queries';

/** Props of `QueueTable`. */
export interface QueueTableProps {
  queue: QueueName;
  /** `done`: every entry processed; `live`: the officers entries processed on J and J-1. */
  table: 'done' | 'live';
  testId: string;
}

/** The table (`data-testid={testId}`); its state is in the URL under the `done.` keys. */
export function QueueTable({ queue, table, testId }: QueueTableProps) {
  const { data: config } = useAppConfig();
  const source = useMemo<ServerListSource<QueueEntry>>(
    () => ({
      mode: 'server',
      queryKey: tableKey(queue, table),
      fetch: table === 'live' ? filterLive : (filter, page, signal) => filterQueue(queue, filter, page, signal),
    }),
    [queue, table],
  );
  const columns = useMemo<DataColumn<QueueEntry>[]>(
    () => [sirenColumn(config?.company_page_url), dateColumn<QueueEntry>('date_creation', 'Date'), reasonColumn()],
    [config?.company_page_url],
  );
  return (
    <DataList<QueueEntry>
      {...ENTRY_LIST}
      source={source}
      columns={columns}
      urlNamespace="done"
      testId={testId}
      firstRows={25}
      exportCsv={
        table === 'live'
          ? { path: '/api/supervisions/queues/officers/live/export.csv' }
          : { path: '/api/supervisions/queues/{queue}/export.csv', pathParams: { queue } }
      }
    />
  );
}
