/**
 * The parked entries of a queue: the SIRENs that failed MAX_ATTEMPTS times,
 * with their error, their attempts, their reason and when they were queued, each with
 * « Remettre en file », and the bulk « Remettre en file » / « Retirer » on ticked entries or the whole search; on
 * the shared list, paged on the server (`POST queues/{queue}/parked/filter`).
 */
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useAppConfig } from '../../../app/useAppConfig';
import { DataList, type DataColumn } from '../../../components/list/DataList';
import type { ServerListSource } from '../../../components/list/useDataList';
import { filterParked, type ParkedEntry, type QueueName } from './api';
import { dateColumn, ENTRY_LIST, reasonColumn, sirenColumn } from './entryColumns';
import { tableKey } from './queries';
import { parkedBulk, sourceChips } from './queueBulk';
import { RequeueButton } from './RequeueButton';

/** The table (`data-testid="parked-{queue}"`); its state is in the URL under the `parked.` keys. */
export function ParkedTable({ queue }: { queue: QueueName }) {
  const { data: config } = useAppConfig();
  const source = useMemo<ServerListSource<ParkedEntry>>(
    () => ({ mode: 'server', queryKey: tableKey(queue, 'parked'), fetch: (filter, page, signal) => filterParked(queue, filter, page, signal) }),
    [queue],
  );
  const columns = useMemo<DataColumn<ParkedEntry>[]>(
    () => [
      sirenColumn(config?.company_page_url),
      {
        key: 'error',
        title: 'Erreur',
        minWidth: 240,
        render: (row) => (row.error ? <Typography.Text type="danger" data-testid="parked-error">{row.error}</Typography.Text> : '-'),
      },
      { key: 'attempts', title: 'Tentatives', width: 110, align: 'right', secondary: true },
      reasonColumn(),
      // A parked entry's date_creation is when it was queued (its queued_at).
      dateColumn<ParkedEntry>('date_creation', 'Mis en file'),
      { key: 'action', title: 'Action', width: 170, render: (row) => <RequeueButton queue={queue} entry={row} /> },
    ],
    [config?.company_page_url, queue],
  );
  const search = useMemo(() => ({ ...ENTRY_LIST.search, quick: sourceChips(queue) }), [queue]);
  const bulk = useMemo(() => parkedBulk(queue), [queue]);
  return (
    <DataList<ParkedEntry>
      {...ENTRY_LIST}
      source={source}
      columns={columns}
      urlNamespace="parked"
      testId={`parked-${queue}`}
      search={search}
      bulk={bulk}
      exportCsv={{ path: '/api/supervisions/queues/{queue}/parked/export.csv', pathParams: { queue } }}
    />
  );
}
