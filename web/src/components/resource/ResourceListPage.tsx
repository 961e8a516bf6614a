/**
 * Generic list page of a fully loaded resource: header with 'Ajouter' and the shared
 * `DataList` in client mode.
 */
import { PlusOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import type { CrudResource } from '../../api/resource';
import { ButtonLink } from '../ButtonLink';
import { PageHeader } from '../layout/PageHeader';
import { DataList, type DataColumn } from '../list/DataList';
import { useResourceList } from './useResourceQueries';

/** Props of `ResourceListPage`. */
export interface ResourceListPageProps<T extends { id: number; status: number }> {
  resource: CrudResource<T, never, never>;
  /** Page title and breadcrumb label, e.g. 'Administrateurs'. */
  title: string;
  columns: DataColumn<T>[];
  /** Extra header actions placed before 'Ajouter' (e.g. a documentation link). */
  extra?: ReactNode;
  /** Client-side search text of a row; shows a search box when given. */
  searchText?: (row: T) => string;
  /** Horizontal scroll width of the table. */
  scrollX?: number | string;
}

/**
 * Generic list page of a resource loaded in full (`resource.list()`): header with 'Ajouter'
 * (to `{listPath}/create`) and the shared `DataList` in client mode.
 */
export function ResourceListPage<T extends { id: number; status: number }>(props: ResourceListPageProps<T>) {
  const { resource, title, columns, extra, searchText, scrollX } = props;
  const query = useResourceList(resource);
  return (
    <>
      <PageHeader
        title={title}
        breadcrumb={[{ title }]}
        extra={
          <>
            {extra}
            <ButtonLink
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              to={`${resource.listPath}/create`}
              data-testid="add-button"
            >
              Ajouter
            </ButtonLink>
          </>
        }
      />
      <Card>
        <DataList<T>
          source={{ mode: 'client', rows: query.data, loading: query.isPending, error: query.error, searchText }}
          columns={columns}
          search={searchText ? { placeholder: 'Rechercher' } : undefined}
          testId={`${resource.key}-list`}
          scrollX={scrollX}
        />
      </Card>
    </>
  );
}
