/**
 * `DataList`, the shared list (SPEC section 2 'Common list behaviour', section 4
 * sorting): search, page-size selector, sortable antd table, spinner,
 * 'Aucun résultat trouvé' and the pagination footer.
 */
import { Alert, Flex, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { GENERIC_ERROR } from '../../api/errors';
import type { SortValue } from './clientRows';
import { ListFooter } from './ListFooter';
import { ListSearch } from './ListSearch';
import { PageSizeSelect } from './PageSizeSelect';
import { QuickSearchTags, type QuickSearchOption } from './QuickSearchTags';
import { isDefaultListState, type ListSort } from './listState';
import { useDataList, type ListSource } from './useDataList';

/** One column of a `DataList`. */
export interface DataColumn<T> {
  /** Column id; also the sort column name sent/used when `sortable`. */
  key: string;
  /** Header text. */
  title: ReactNode;
  /** Cell content; defaults to `row[key]`. */
  render?: (row: T) => ReactNode;
  /** Clicking the header sorts by `key`. */
  sortable?: boolean;
  /** Client mode: the value sorted on (defaults to `row[key]`). */
  sortValue?: (row: T) => SortValue;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** Keep the column visible while the table scrolls horizontally. */
  fixed?: 'left' | 'right';
}

/** Props of `DataList`. */
export interface DataListProps<T> {
  /** Client mode (a loaded array) or server mode (a page fetcher). */
  source: ListSource<T>;
  columns: DataColumn<T>[];
  /** Row key; defaults to `row.id`. */
  rowKey?: (row: T) => Key;
  /** Initial/reset sort (id descending by default). */
  defaultSort?: ListSort;
  /** Persist page, size, sort and search in localStorage under this key. */
  storageKey?: string;
  /** Show a search box (client mode needs `source.searchText`). */
  search?: ListSearchOptions;
  /** Extra content on the left of the toolbar (e.g. filters, links). */
  toolbar?: ReactNode;
  /** `data-testid` of the wrapper, 'data-list' by default. */
  testId?: string;
  /** Horizontal scroll width for wide tables. */
  scrollX?: number | string;
}

/** Search options of a `DataList`. */
export interface ListSearchOptions {
  placeholder?: string;
  /**
   * Quick values offered as chips beside the box (e.g. Tous / VIP / Favoris); choosing one sets the
   * search to its value (back to page 1). While one is applied the box stays empty.
   */
  quick?: QuickSearchOption[];
  /**
   * When 'Réinitialiser' shows: while a search is applied ('searching', default) or whenever the
   * state differs from the defaults ('modified': page size, sort, page or search).
   */
  resetWhen?: 'searching' | 'modified';
}

const SORT_DIRECTIONS: ('ascend' | 'descend')[] = ['ascend', 'descend', 'ascend'];
const defaultRowKey = (row: unknown): Key => (row as { id: Key }).id;

/**
 * The one list of the back-office: page-size selector (10-200, default 200), sortable headers
 * (default id desc; same column flips, new column starts ascending), spinner while loading,
 * 'Aucun résultat trouvé' when empty, and the '{from}-{to} sur {total} résultats' footer with
 * pagination when there is more than one page. Works over a loaded array or a server fetcher.
 * Optional search box, with quick-search chips (`search.quick`), and localStorage persistence.
 */
export function DataList<T>(props: DataListProps<T>) {
  const { source, columns, rowKey = defaultRowKey, defaultSort, storageKey, search, toolbar, testId, scrollX } = props;
  const sortAccessors = new Map(columns.filter((c) => c.sortValue).map((c) => [c.key, c.sortValue!]));
  const list = useDataList(source, {
    defaultSort,
    storageKey,
    sortValue: (row, column) => {
      const accessor = sortAccessors.get(column);
      return accessor ? accessor(row) : (row as Record<string, SortValue>)[column];
    },
  });
  const { state, actions } = list;
  const quickActive = search?.quick ? search.quick.some((option) => option.value === state.search) : false;

  const tableColumns: TableColumnsType<T> = columns.map((column) => ({
    key: column.key,
    title: column.title,
    width: column.width,
    align: column.align,
    fixed: column.fixed,
    render: (_: unknown, row: T) =>
      column.render ? column.render(row) : ((row as Record<string, ReactNode>)[column.key] ?? '-'),
    ...(column.sortable
      ? {
          sorter: true,
          sortDirections: SORT_DIRECTIONS,
          sortOrder:
            state.orderBy.column === column.key ? (state.orderBy.direction === 'asc' ? 'ascend' : 'descend') : null,
        }
      : {}),
  }));

  const onChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    if (sorter.columnKey !== undefined) actions.sortBy(String(sorter.columnKey));
  };

  return (
    <div data-testid={testId ?? 'data-list'} data-loading={list.loading ? 'true' : 'false'}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Flex gap={12} align="center" wrap>
          {search ? (
            <ListSearch
              value={quickActive ? '' : state.search}
              onSearch={actions.setSearch}
              onReset={actions.reset}
              placeholder={search.placeholder}
              canReset={search.resetWhen === 'modified' ? !isDefaultListState(state, defaultSort) : state.search !== ''}
            />
          ) : null}
          {search?.quick ? <QuickSearchTags options={search.quick} value={state.search} onSelect={actions.setSearch} /> : null}
          {toolbar}
        </Flex>
        <PageSizeSelect value={state.perPage} onChange={actions.setPerPage} />
      </Flex>
      {list.error ? <Alert type="error" title={GENERIC_ERROR} showIcon style={{ marginBottom: 16 }} /> : null}
      <Table<T>
        columns={tableColumns}
        dataSource={list.rows}
        rowKey={rowKey}
        loading={list.loading}
        pagination={false}
        showSorterTooltip={false}
        onChange={onChange}
        scroll={scrollX ? { x: scrollX } : undefined}
        locale={{ emptyText: list.loading ? <div style={{ height: 48 }} /> : <span data-testid="list-empty">Aucun résultat trouvé</span> }}
      />
      {list.pagination ? <ListFooter pagination={list.pagination} onPageChange={actions.setPage} /> : null}
    </div>
  );
}
