/**
 * Update-log table with its localStorage-persisted filter and the Tous / VIP / Favoris
 * quick searches (SPEC section 2 'Update log', sections 3 and 4), and « Exporter CSV » of its search and sort.
 */
import { Card } from 'antd';
import type { LogEntry } from '../../api/types';
import { DataList } from '../../components/list/DataList';
import type { QuickSearchOption } from '../../components/list/QuickSearchTags';
import { useLogColumns } from './logColumns';
import { LOG_FILTER_STORAGE_KEY, logListSource } from './queries';

/** The quick searches of the log (SPEC section 4): Tous, VIP, Favoris. */
const QUICK_SEARCHES: QuickSearchOption[] = [
  { value: 'all', label: 'Tous', isDefault: true },
  { value: 'onlyvip', label: 'VIP' },
  { value: 'onlyfavoris', label: 'Favoris' },
];

/** Rows drawn before the others (about a screenful; a page holds up to 200). */
const FIRST_ROWS = 25;

/**
 * The update-log table (server mode, filter persisted in localStorage): search box (a SIREN, a
 * code, words of the description), quick chips Tous / VIP / Favoris, page size, sortable headers
 * and the pagination footer (`data-testid="log-list"`).
 */
export function LogTable() {
  const columns = useLogColumns();
  return (
    <Card>
      <DataList<LogEntry>
        source={logListSource}
        columns={columns}
        storageKey={LOG_FILTER_STORAGE_KEY}
        search={{ placeholder: 'Siren, code ou description', quick: QUICK_SEARCHES, resetWhen: 'modified' }}
        testId="log-list"
        exportCsv={{ path: '/api/messages/export.csv' }}
        firstRows={FIRST_ROWS}
      />
    </Card>
  );
}
