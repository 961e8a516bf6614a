/**
 * The two columns every status-resource list shows (SPEC section 2: administrators, customers, groups,
 * news categories; next deal roles and types): Status (badge Actif / Désactivé) and Action (toggle with
 * confirmation, then the edit link). One definition, configured per list.
 */
import { Space } from 'antd';
import type { DataColumn } from '../list/DataList';
import { StatusTag } from '../StatusTag';
import { EditLink } from './EditLink';
import { StatusToggleButton } from './StatusToggleButton';

/** The Status column: the row's badge, sortable, exported as « Actif » / « Désactivé ». @param width - column width in px (default 130) */
export function statusColumn<T extends { status: number }>(width = 130): DataColumn<T> {
  return {
    key: 'status',
    title: 'Status',
    sortable: true,
    width,
    render: (row) => <StatusTag status={row.status} />,
    csv: (row) => (row.status === 1 ? 'Actif' : 'Désactivé'),
  };
}

/** How the Action column of a list acts. */
export interface StatusActionOptions<T> {
  /** Toggles the row's status (with its confirmation: `useResourceActions().toggleStatus`). */
  toggle: (row: T) => void;
  /** Path of the row's edit page, e.g. `/groups/3/edit`. */
  editPath: (row: T) => string;
  /** Why the toggle is refused for this row (the button is then disabled with that tooltip). */
  disabledReason?: (row: T) => string | undefined;
  /** Column width in px (default 230; undefined keeps antd's automatic width when `null`). */
  width?: number | null;
  /** Gap between the two buttons (default 'middle'). */
  gap?: 'small' | 'middle';
  /** Let the edit link go under the toggle when the column is narrow (a wide list that must fit the screen). */
  wrap?: boolean;
}

/** The Action column: the status toggle, then the edit link. */
export function statusActionColumn<T extends { status: number }>(opts: StatusActionOptions<T>): DataColumn<T> {
  return {
    key: 'action',
    title: 'Action',
    ...(opts.width === null ? {} : { width: opts.width ?? 230 }),
    render: (row) => (
      <Space size={opts.gap ?? 'middle'} wrap={opts.wrap}>
        <StatusToggleButton status={row.status} onClick={() => opts.toggle(row)} disabledReason={opts.disabledReason?.(row)} />
        <EditLink to={opts.editPath(row)} />
      </Space>
    ),
  };
}
