/**
 * `DataList`, the shared list (SPEC section 2 'Common list behaviour', section 4
 * sorting): search, page-size selector, sortable antd table, spinner,
 * 'Aucun résultat trouvé' and the pagination footer; a failed call shows `ListError` with a retry (a page too
 * deep: the server's « affinez la recherche ou inversez le tri »). On every screen the
 * table scrolls inside its card, never the page; its identifying column stays on the left; below `md` its
 * secondary columns hide (each row then expands to show them) and its cells get smaller paddings; the toolbar wraps whole words.
 */
import { Flex, Table, Typography } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import type { Key, ReactNode } from 'react';
import { useScreenUp } from '../../lib/useMediaQuery';
import type { SortValue } from './clientRows';
import { ListError } from './ListError';
import { ListFooter } from './ListFooter';
import { ListSearch } from './ListSearch';
import { PageSizeSelect } from './PageSizeSelect';
import { QuickSearchTags, type QuickSearchOption } from './QuickSearchTags';
import { isDefaultListState, type ListSort } from './listState';
import { useDataList, type ListSource } from './useDataList';
import { useProgressiveRows } from './useProgressiveRows';
import { phoneExpandable } from './phoneRows';
import { ExportCsvButton } from './ExportCsvButton';
import { clientExport } from './clientExport';
import type { CsvCell } from '../../../../contract/csv-cell';
import type { ListExport } from './exportCsv';
import { BulkBar, type BulkOptions } from './BulkBar';
import { useListSelection } from './useListSelection';
import { useMemo } from 'react';

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
  /** Client mode: the column's cell in « Exporter CSV » (a column without it is not exported). */
  csv?: (row: T) => CsvCell;
  width?: number | string;
  /**
   * Narrowest width of the column in CSS pixels: when the columns do not fit, the table scrolls inside
   * its card rather than squeezing this one (e.g. a description column on a phone).
   */
  minWidth?: number;
  align?: 'left' | 'right' | 'center';
  /**
   * Keep the column visible while the table scrolls horizontally. Below antd's `md` breakpoint only the
   * left columns stay fixed: a column fixed on the right would take a phone's whole width.
   */
  fixed?: 'left' | 'right';
  /**
   * The column a reader identifies a row by (a name, a SIREN, an id): fixed on the
   * left, at least `minWidth` (`IDENTIFYING_MIN_WIDTH` by default) wide, its words never broken.
   * Put it first, after any other left-fixed column.
   */
  identifying?: boolean;
  /**
   * Hidden below antd's `md` breakpoint (768 px): on a phone the row keeps its essential columns, and expands to
   * show the secondary ones, title and content (phoneRows.tsx): a status or an action marked so stays in reach.
   */
  secondary?: boolean;
}

/** Default narrowest width of an identifying column, in CSS pixels. */
export const IDENTIFYING_MIN_WIDTH = 140;

/** Props of `DataList`. */
export interface DataListProps<T> {
  /** Client mode (a loaded array) or server mode (a page fetcher). */
  source: ListSource<T>;
  columns: DataColumn<T>[];
  /** Row key; defaults to `row.id`. */
  rowKey?: (row: T) => Key;
  /** Initial/reset sort (id descending by default). */
  defaultSort?: ListSort;
  /**
   * Persist page, size, sort and search in localStorage under this key. Without it they live in the
   * URL's query string (`?page=2&per_page=50&sort=name&dir=asc&q=foo`).
   */
  storageKey?: string;
  /** Prefix of this list's keys in the URL when a page shows two lists (`sirens` → `sirens.page`...). */
  urlNamespace?: string;
  /** Show a search box (client mode needs `source.searchText`). */
  search?: ListSearchOptions;
  /** Extra content on the left of the toolbar (e.g. filters, links). */
  toolbar?: ReactNode;
  /** `data-testid` of the wrapper, 'data-list' by default. */
  testId?: string;
  /**
   * Width of the table's scrolled area. By default the table is as wide as its card and, when its
   * columns' narrowest widths do not fit, scrolls horizontally inside the card (never the page).
   */
  scrollX?: number | string;
  /**
   * Long pages: draw this many rows first and the others right after that first paint (see
   * `useProgressiveRows`); all at once when unset.
   */
  firstRows?: number;
  /** « Exporter CSV » in the toolbar: every row of the current search and sort, from this export route. */
  exportCsv?: ListExport;
  /**
   * Bulk actions on ticked rows (row keys are the ids the bulk routes take): a checkbox column, « Tout
   * sélectionner (N) » for the whole list of the current search, and the actions' bar (`BulkBar`).
   */
  bulk?: BulkOptions;
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

/**
 * Cell props keeping a column at least `minWidth` wide; with `keepWords`, its words are never broken
 * (class `vigie-keep-words` of app/global.css: antd's Typography breaks words anywhere, which let a
 * squeezed name column wrap 'Administratrice' letter by letter).
 */
const minWidthCell = (minWidth: number, keepWords: boolean) => () => ({
  style: { minWidth },
  className: keepWords ? 'vigie-keep-words' : undefined,
});

/**
 * antd layout props of a column at the current width (`wide`: at least `md`): fixed side (identifying
 * columns on the left, with the columns before them (`beforeIdentifying`), since antd fixes only the
 * leading columns; right-fixed columns only when wide), narrowest width, and `responsive` for secondary
 * columns.
 */
function columnLayout<T>(
  column: DataColumn<T>,
  wide: boolean,
  beforeIdentifying: boolean,
): Pick<TableColumnsType<T>[number], 'fixed' | 'responsive' | 'onCell' | 'onHeaderCell'> {
  const fixed =
    column.identifying || beforeIdentifying ? 'left' : column.fixed === 'right' && !wide ? undefined : column.fixed;
  const minWidth = column.minWidth ?? (column.identifying ? IDENTIFYING_MIN_WIDTH : undefined);
  return {
    fixed,
    ...(column.secondary ? { responsive: ['md' as const] } : {}),
    ...(minWidth
      ? { onCell: minWidthCell(minWidth, Boolean(column.identifying)), onHeaderCell: minWidthCell(minWidth, false) }
      : {}),
  };
}

const defaultRowKey = (row: unknown): Key => (row as { id: Key }).id;

/**
 * The one list of the back-office: page-size selector (10-200, default 200), sortable headers
 * (default id desc; same column flips, new column starts ascending), spinner while loading,
 * 'Aucun résultat trouvé' when empty (never under an error: a failed load shows the error and
 * 'Réessayer' instead), and the '{from}-{to} sur {total} résultats' footer with
 * pagination when there is more than one page. Works over a loaded array or a server fetcher.
 * Optional search box, with quick-search chips (`search.quick`). Its state (page, size, sort, search)
 * lives in the URL, or in localStorage with `storageKey`.
 */
export function DataList<T>(props: DataListProps<T>) {
  const { source, columns, rowKey = defaultRowKey, defaultSort, storageKey, urlNamespace, search, toolbar, testId, scrollX } = props;
  const { firstRows, bulk } = props;
  const sortAccessors = new Map(columns.filter((c) => c.sortValue).map((c) => [c.key, c.sortValue!]));
  const sortValue = (row: T, column: string): SortValue => {
    const accessor = sortAccessors.get(column);
    return accessor ? accessor(row) : (row as Record<string, SortValue>)[column];
  };
  const list = useDataList(source, {
    defaultSort,
    storageKey,
    urlNamespace,
    sortColumns: columns.filter((c) => c.sortable).map((c) => c.key),
    sortValue,
  });
  const { state, actions } = list;
  const rows = useProgressiveRows(list.rows, firstRows);
  const selection = useListSelection(rows, rowKey, list.pagination?.total ?? 0, state.search);
  const quickActive = search?.quick ? search.quick.some((option) => option.value === state.search) : false;

  const wide = useScreenUp('md');
  // On a phone each row expands to show its secondary columns (phoneRows.tsx).
  const phoneRows = useMemo(() => phoneExpandable(columns, wide), [columns, wide]);
  const lastIdentifying = columns.map((column) => Boolean(column.identifying)).lastIndexOf(true);
  // Memoised: the same columns and cell renderers until the columns, the sort or the
  // screen width change, so that antd re-renders no cell when only the loading flag or the toolbar changes.
  const tableColumns = useMemo<TableColumnsType<T>>(() => columns.map((column, index) => ({
    key: column.key,
    title: column.title,
    width: column.width,
    align: column.align,
    ...columnLayout(column, wide, index < lastIdentifying),
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
  })), [columns, state.orderBy.column, state.orderBy.direction, wide, lastIdentifying]);

  const onChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    if (sorter.columnKey !== undefined) actions.sortBy(String(sorter.columnKey));
  };

  return (
    <div data-testid={testId ?? 'data-list'} data-loading={list.loading ? 'true' : 'false'}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }} data-testid="list-toolbar">
        <Flex gap={12} align="center" wrap style={{ minWidth: 0, maxWidth: '100%' }}>
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
          {props.exportCsv ? (
            <ExportCsvButton<T>
              target={props.exportCsv}
              state={state}
              client={source.mode === 'client' ? clientExport(source, state, columns, sortValue) : undefined}
            />
          ) : null}
        </Flex>
        <PageSizeSelect value={state.perPage} onChange={actions.setPerPage} />
      </Flex>
      {bulk ? <BulkBar selection={selection} options={bulk} listKey={source.mode === 'server' ? source.queryKey : undefined} /> : null}
      {list.error ? <ListError error={list.error} onRetry={list.retry} retrying={list.loading} /> : null}
      <Table<T>
        expandable={phoneRows}
        rowSelection={bulk ? selection.rowSelection : undefined}
        columns={tableColumns}
        dataSource={rows}
        rowKey={rowKey}
        loading={list.loading}
        pagination={false}
        size={wide ? undefined : 'small'}
        showSorterTooltip={false}
        onChange={onChange}
        scroll={{ x: scrollX ?? true }}
        tableLayout={scrollX === undefined ? 'auto' : undefined}
        locale={{
          emptyText:
            list.loading || list.error ? (
              <div style={{ height: 48 }} />
            ) : (
              // Secondary text, not antd's pale placeholder grey (1.8:1 on white, under WCAG AA).
              <Typography.Text type="secondary" data-testid="list-empty">
                Aucun résultat trouvé
              </Typography.Text>
            ),
        }}
      />
      {list.pagination ? <ListFooter pagination={list.pagination} onPageChange={actions.setPage} /> : null}
    </div>
  );
}
