/**
 * /customers screen 'Clients de l'api': customers list with masked secrets, today's calls to the api, status
 * toggle and edit link (SPEC section 2 'API customers').
 */
import { Typography } from 'antd';
import type { Customer } from '../../api/types';
import type { DataColumn } from '../../components/list/DataList';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { useResourceActions } from '../../components/resource/useResourceActions';
import { ApiDocsLink } from './ApiDocsLink';
import { CredentialsCell } from './CredentialsCell';
import { customersResource } from './resource';
import { statusActionColumn, statusColumn } from '../../components/resource/statusColumns';

/**
 * Header of a merged credentials column: both spec titles, 'Client_id (Prod) · Client_secret (Prod)', each
 * kept on one line (non-breaking spaces) so that a narrow header wraps only at the middle dot.
 */
const credentialsTitle = (environment: 'Prod' | 'Sandbox') =>
  `Client_id\u00a0(${environment}) · Client_secret\u00a0(${environment})`;

/**
 * API customers list (/customers): ID, Client, then one cell per environment holding its Client_id and
 * Client_secret (the spec's two columns, merged so that every column fits a laptop's width; ids shortened, secrets masked, both copyable),
 * « Appels aujourd’hui » (Prod and Sandbox, the Paris day, grouped the French way), Status, Action; documentation link and
 * 'Ajouter'. On a phone the ID and Sandbox columns are hidden and the Client column stays on the left.
 */
export default function CustomerListPage() {
  const { toggleStatus } = useResourceActions(customersResource);
  const columns: DataColumn<Customer>[] = [
    { key: 'id', title: 'ID', sortable: true, width: 64, secondary: true, csv: (c) => c.id },
    {
      key: 'name',
      title: 'Client',
      sortable: true,
      identifying: true,
      render: (c) => <Typography.Text strong>{c.name}</Typography.Text>,
      // The credentials columns give no `csv` cell: an export never holds a client's secrets.
      csv: (c) => c.name,
    },
    {
      key: 'client_id',
      title: credentialsTitle('Prod'),
      sortable: true,
      render: (c) => <CredentialsCell environment="Prod" clientId={c.client_id} clientSecret={c.client_secret} />,
    },
    {
      key: 'client_id_sandbox',
      title: credentialsTitle('Sandbox'),
      sortable: true,
      secondary: true,
      render: (c) => (
        <CredentialsCell environment="Sandbox" clientId={c.client_id_sandbox} clientSecret={c.client_secret_sandbox} />
      ),
    },
    {
      key: 'calls_today',
      title: 'Appels aujourd’hui',
      align: 'right',
      width: 100,
      render: (c) => <span data-testid="calls-today" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{c.calls_today.toLocaleString('fr-FR')}</span>,
      csv: (c) => c.calls_today,
    },
    statusColumn(110),
    // The edit link goes under the toggle when the columns are tight (every column fits a 1440 px screen).
    statusActionColumn({ toggle: toggleStatus, editPath: (c) => `/customers/${c.id}/edit`, width: null, gap: 'small', wrap: true }),
  ];
  return (
    <ResourceListPage<Customer>
      resource={customersResource}
      title="Clients de l'api"
      columns={columns}
      extra={<ApiDocsLink />}
      searchText={(c) => `${c.id} ${c.name} ${c.client_id} ${c.client_id_sandbox}`}
    />
  );
}
