/**
 * The entries waiting in a queue (not yet taken by a worker), oldest first, searchable by the start of a SIREN or
 * by source (chips), with the bulk « Retirer »; on the shared list, paged on the server (`POST queues/{queue}/waiting/filter`).
 */
import { useMemo } from 'react';
import { useAppConfig } from '../../../app/useAppConfig';
import { DataList, type DataColumn } from '../../../components/list/DataList';
import type { ServerListSource } from '../../../components/list/useDataList';
import { filterWaiting, type QueueEntry, type QueueName } from './api';
import { dateColumn, ENTRY_LIST, reasonColumn, sirenColumn } from './entryColumns';
import { tableKey } from './queries';
import { sourceChips, waitingBulk } from './queueBulk';

/** The table (`data-testid="waiting-{queue}"`); its state is in the URL under the `waiting.` keys. */
export function WaitingTable({ queue }: { queue: QueueName }) {
  const { data: config } = useAppConfig();
  const source = useMemo<ServerListSource<QueueEntry>>(
    () => ({ mode: 'server', queryKey: tableKey(queue, 'waiting'), fetch: (filter, page, signal) => filterWaiting(queue, filter, page, signal) }),
    [queue],
  );
  const columns = useMemo<DataColumn<QueueEntry>[]>(
    () => [sirenColumn(config?.company_page_url), dateColumn<QueueEntry>('date_creation', 'Mis en file'), reasonColumn()],
    [config?.company_page_url],
  );
  const search = useMemo(() => ({ ...ENTRY_LIST.search, quick: sourceChips(queue) }), [queue]);
  const bulk = useMemo(() => waitingBulk(queue), [queue]);
  return (
    <DataList<QueueEntry>
      {...ENTRY_LIST}
      defaultSort={{ column: 'date_creation', direction: 'asc' }}
      source={source}
      columns={columns}
      urlNamespace="waiting"
      testId={`waiting-${queue}`}
      search={search}
      bulk={bulk}
    />
  );
}
