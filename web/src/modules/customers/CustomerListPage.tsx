/**
 * /customers screen 'Clients de l'api': customers list with masked secrets, status
 * toggle and edit link (SPEC section 2 'API customers').
 */
import { Space, Typography } from 'antd';
import type { Customer } from '../../api/types';
import type { DataColumn } from '../../components/list/DataList';
import { EditLink } from '../../components/resource/EditLink';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { StatusToggleButton } from '../../components/resource/StatusToggleButton';
import { useResourceActions } from '../../components/resource/useResourceActions';
import { SecretText } from '../../components/SecretText';
import { StatusTag } from '../../components/StatusTag';
import { ApiDocsLink } from './ApiDocsLink';
import { customersResource } from './resource';

const mono = (value: string) =>
  value ? (
    <Typography.Text style={{ fontFamily: 'ui-monospace, monospace', fontSize: 13, whiteSpace: 'nowrap' }}>{value}</Typography.Text>
  ) : (
    '-'
  );

/**
 * API customers list (/customers): ID, Client, Prod and Sandbox credentials (secrets masked,
 * revealable, copyable), Status, Action; documentation link and 'Ajouter'.
 */
export default function CustomerListPage() {
  const { toggleStatus } = useResourceActions(customersResource);
  const columns: DataColumn<Customer>[] = [
    { key: 'id', title: 'ID', sortable: true, width: 80 },
    {
      key: 'name',
      title: 'Client',
      sortable: true,
      render: (c) => (
        <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
          {c.name}
        </Typography.Text>
      ),
    },
    { key: 'client_id', title: 'Client_id (Prod)', sortable: true, render: (c) => mono(c.client_id) },
    { key: 'client_secret', title: 'Client_secret (Prod)', render: (c) => <SecretText value={c.client_secret} /> },
    { key: 'client_id_sandbox', title: 'Client_id (Sandbox)', sortable: true, render: (c) => mono(c.client_id_sandbox) },
    { key: 'client_secret_sandbox', title: 'Client_secret (Sandbox)', render: (c) => <SecretText value={c.client_secret_sandbox} /> },
    { key: 'status', title: 'Status', sortable: true, width: 120, render: (c) => <StatusTag status={c.status} /> },
    {
      key: 'action',
      title: 'Action',
      fixed: 'right',
      render: (c) => (
        <Space size="middle">
          <StatusToggleButton status={c.status} onClick={() => toggleStatus(c)} />
          <EditLink to={`/customers/${c.id}/edit`} />
        </Space>
      ),
    },
  ];
  return (
    <ResourceListPage<Customer>
      resource={customersResource}
      title="Clients de l'api"
      columns={columns}
      extra={<ApiDocsLink />}
      searchText={(c) => `${c.id} ${c.name} ${c.client_id} ${c.client_id_sandbox}`}
      scrollX="max-content"
    />
  );
}
