/**
 * Update-log table with its localStorage-persisted filter and the Tous / VIP / Favoris
 * quick searches (SPEC section 2 'Update log', sections 3 and 4).
 */
import { Card } from 'antd';
import type { LogEntry } from '../../api/types';
import { DataList } from '../../components/list/DataList';
import type { QuickSearchOption } from '../../components/list/QuickSearchTags';
import { filterLog } from './api';
import { LOG_COLUMNS } from './logColumns';

/** localStorage key of the log filter (page size, sort, search, page), restored on the next visit. */
export const LOG_FILTER_STORAGE_KEY = 'vigie.update-log.filter';

/** The quick searches of the log (SPEC section 4): Tous, VIP, Favoris. */
const QUICK_SEARCHES: QuickSearchOption[] = [
  { value: 'all', label: 'Tous', isDefault: true },
  { value: 'onlyvip', label: 'VIP' },
  { value: 'onlyfavoris', label: 'Favoris' },
];

const source = {
  mode: 'server' as const,
  queryKey: ['messages', 'filter'],
  fetch: filterLog,
};

/**
 * The update-log table (server mode, filter persisted in localStorage): search box (a SIREN, a
 * code, words of the description), quick chips Tous / VIP / Favoris, page size, sortable headers
 * and the pagination footer (`data-testid="log-list"`).
 */
export function LogTable() {
  return (
    <Card>
      <DataList<LogEntry>
        source={source}
        columns={LOG_COLUMNS}
        storageKey={LOG_FILTER_STORAGE_KEY}
        search={{ placeholder: 'Siren, code ou description', quick: QUICK_SEARCHES, resetWhen: 'modified' }}
        testId="log-list"
      />
    </Card>
  );
}
