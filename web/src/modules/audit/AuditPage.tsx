/**
 * /audit « Journal d’audit » (docs/audit.md): every write, newest first, on the shared server-mode list with
 * its page, size and sort in the URL; filters by administrator, resource, action and dates (Paris days, inclusive),
 * also in the URL (`admin_id`, `resource`, `resource_id`, `action`, `from`, `to`), so that the « Historique » link of
 * an edit page opens it filtered on one record; « Exporter CSV » of the same filters and sort.
 */
import { Button, Card, Flex, Form, Select, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS, auditResourceLabel } from '../../../../contract/audit-text';
import { IsoDatePicker } from '../../components/form/IsoDatePicker';
import { PageHeader } from '../../components/layout/PageHeader';
import { DataList } from '../../components/list/DataList';
import type { ServerListSource } from '../../components/list/useDataList';
import { fetchAdmins, filterAudit, type AuditEntry, type AuditQuery } from './api';
import { AUDIT_COLUMNS } from './auditColumns';

/** The page's title. */
export const AUDIT_TITLE = 'Journal d’audit';

const FILTER_KEYS = ['admin_id', 'resource', 'resource_id', 'action', 'from', 'to'] as const;
const DEFAULT_SORT = { column: 'created_at', direction: 'desc' } as const;
const options = (labels: Readonly<Record<string, string>>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The filters of the URL. */
function readFilters(params: URLSearchParams): AuditQuery {
  const out: AuditQuery = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) out[key] = value;
  }
  return out;
}

/** The « Journal d’audit » page. */
export default function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filtersKey = JSON.stringify(readFilters(params));
  const filters = useMemo(() => JSON.parse(filtersKey) as AuditQuery, [filtersKey]);
  const source = useMemo<ServerListSource<AuditEntry>>(
    () => ({ mode: 'server', queryKey: ['audit', 'filter', filters], fetch: (filter, page, signal) => filterAudit(filters, filter, page, signal) }),
    [filters],
  );
  const admins = useQuery({ queryKey: ['audit', 'admins'], queryFn: ({ signal }) => fetchAdmins(signal) });

  /** Sets (or clears) one filter; the list goes back to its first page. */
  const setFilter = (key: (typeof FILTER_KEYS)[number], value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'resource') next.delete('resource_id');
    next.delete('page');
    setParams(next);
  };
  const clear = () => {
    const next = new URLSearchParams(params);
    for (const key of FILTER_KEYS) next.delete(key);
    next.delete('page');
    setParams(next);
  };

  return (
    <>
      <PageHeader title={AUDIT_TITLE} breadcrumb={[{ title: AUDIT_TITLE }]} />
      <Card>
        <Form layout="inline" style={{ rowGap: 8, marginBottom: 16 }} data-testid="audit-filters">
          <Form.Item label="Administrateur" htmlFor="audit-admin">
            <Select
              id="audit-admin"
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ minWidth: 220 }}
              value={filters.admin_id}
              onChange={(v?: string) => setFilter('admin_id', v)}
              options={(admins.data ?? []).map((a) => ({ value: String(a.id), label: a.email }))}
            />
          </Form.Item>
          <Form.Item label="Ressource" htmlFor="audit-resource">
            <Select
              id="audit-resource"
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ minWidth: 180 }}
              value={filters.resource}
              onChange={(v?: string) => setFilter('resource', v)}
              options={options(AUDIT_RESOURCE_LABELS)}
            />
          </Form.Item>
          <Form.Item label="Action" htmlFor="audit-action">
            <Select
              id="audit-action"
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ minWidth: 180 }}
              value={filters.action}
              onChange={(v?: string) => setFilter('action', v)}
              options={options(AUDIT_ACTION_LABELS)}
            />
          </Form.Item>
          <Form.Item label="Du" htmlFor="audit-from">
            <IsoDatePicker id="audit-from" value={filters.from} onChange={(v) => setFilter('from', v)} />
          </Form.Item>
          <Form.Item label="Au" htmlFor="audit-to">
            <IsoDatePicker id="audit-to" value={filters.to} onChange={(v) => setFilter('to', v)} />
          </Form.Item>
          {Object.keys(filters).length ? (
            <Form.Item>
              <Button onClick={clear} data-testid="audit-clear">
                Effacer les filtres
              </Button>
            </Form.Item>
          ) : null}
        </Form>
        {filters.resource_id ? (
          <Flex style={{ marginBottom: 12 }}>
            <Tag closable onClose={() => setFilter('resource_id', undefined)} data-testid="audit-record">
              {`${auditResourceLabel(filters.resource ?? '')} n°\u00a0${filters.resource_id}`}
            </Tag>
          </Flex>
        ) : null}
        <DataList<AuditEntry>
          source={source}
          columns={AUDIT_COLUMNS}
          defaultSort={DEFAULT_SORT}
          testId="audit-list"
          exportCsv={{ path: '/api/audit/export.csv', query: filters as Record<string, string> }}
        />
      </Card>
    </>
  );
}
