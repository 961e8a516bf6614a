/**
 * Generic list page of a resource: header with 'Ajouter' and the shared `DataList`, either over the
 * whole list loaded at once (client mode, the resource's `all` call) or one server page at a time (server mode,
 * its `filter` call `POST …?page=n`, for the tables that grow to millions of rows).
 */
import { PlusOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { useMemo, type ReactNode } from 'react';
import type { CrudResource } from '../../api/resource';
import { ButtonLink } from '../ButtonLink';
import { PageHeader, type Crumb } from '../layout/PageHeader';
import { DataList, type DataColumn } from '../list/DataList';
import { csvColumnsOf } from '../list/clientExport';
import type { ListSource } from '../list/useDataList';
import { useResourceList } from './useResourceQueries';

/** Props of `ResourceListPage`. */
export interface ResourceListPageProps<T extends { id: number; status: number }> {
  resource: CrudResource<T, never, never>;
  /** Page title and breadcrumb label, e.g. 'Administrateurs'. */
  title: string;
  /** Breadcrumb after 'Dashboard'; `[{title}]` by default (a module's sub-list: `[News, Catégories]`). */
  breadcrumb?: Crumb[];
  columns: DataColumn<T>[];
  /**
   * 'client' (default): `resource.list()` loads every row and the browser pages, sorts and searches.
   * 'server': `resource.filter()` loads one page per call; sorting and searching happen on the server.
   */
  mode?: 'client' | 'server';
  /** Extra header actions placed before 'Ajouter' (e.g. a documentation link). */
  extra?: ReactNode;
  /** Client mode: search text of a row; shows a search box when given. */
  searchText?: (row: T) => string;
  /** Server mode: shows a search box with this placeholder (the server searches). */
  searchPlaceholder?: string;
  /** Horizontal scroll width of the table. */
  scrollX?: number | string;
}

/**
 * Generic list page of a resource: header with 'Ajouter' (to `resource.createPath`) and the shared
 * `DataList`, in client mode (`resource.list()`) or server mode (`resource.filter()`; throws when the
 * resource has no `filter` endpoint). The list's page, size, sort and search are in the URL.
 */
export function ResourceListPage<T extends { id: number; status: number }>(props: ResourceListPageProps<T>) {
  const { resource, title, breadcrumb, columns, mode = 'client', extra, searchText, searchPlaceholder, scrollX } = props;
  const server = mode === 'server';
  if (server && !resource.filter) throw new Error(`ResourceListPage: the resource '${resource.key}' has no filter endpoint`);
  const query = useResourceList(resource, { enabled: !server });
  const filter = resource.filter;
  const serverSource = useMemo<ListSource<T> | null>(
    () => (server && filter ? { mode: 'server', queryKey: [resource.key, 'filter'], fetch: filter } : null),
    [server, filter, resource.key],
  );
  const source: ListSource<T> = serverSource ?? {
    mode: 'client',
    rows: query.data,
    // A retry after a failure spins too (the query stays in error until it succeeds).
    loading: query.isPending || (query.isError && query.isFetching),
    error: query.error,
    retry: () => void query.refetch(),
    searchText,
  };
  const searchable = server ? searchPlaceholder !== undefined : searchText !== undefined;
  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={breadcrumb ?? [{ title }]}
        extra={
          <>
            {extra}
            <ButtonLink
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              to={resource.createPath}
              data-testid="add-button"
            >
              Ajouter
            </ButtonLink>
          </>
        }
      />
      <Card>
        <DataList<T>
          source={source}
          columns={columns}
          search={searchable ? { placeholder: searchPlaceholder ?? 'Rechercher' } : undefined}
          testId={`${resource.key}-list`}
          scrollX={scrollX}
          // « Exporter CSV » of a loaded list, written in the browser from its exported columns (`csvColumnsOf`).
          exportCsv={!server && csvColumnsOf(columns).length ? { name: resource.key } : undefined}
        />
      </Card>
    </>
  );
}
