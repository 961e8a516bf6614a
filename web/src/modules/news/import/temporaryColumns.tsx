/**
 * Columns of the temporaries table of /news/import (SPEC section 2 "News": ID, Siren, Titre, Catégorie,
 * Source, Link, Date and a delete button;: each row's errors beside it).
 */
import { Typography } from 'antd';
import type { NewsTemporary } from '../../../api/types';
import type { DataColumn } from '../../../components/list/DataList';
import { deleteColumn } from '../../../components/list/deleteColumn';
import { formatDateTime } from '../../../lib/dates';

const isHttp = (url: string) => /^https?:\/\//i.test(url);

/** A link on one line, cut with an ellipsis (the whole of it in its tooltip). */
const ONE_LINE = { display: 'inline-block', maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' } as const;

/** The row's errors in red, one per line (`data-testid="row-errors"`), or nothing. */
function RowErrors({ errors }: { errors: string[] }) {
  if (!errors.length) return null;
  return (
    <ul data-testid="row-errors" style={{ margin: 0, paddingInlineStart: 16 }}>
      {errors.map((message) => (
        <li key={message}>
          <Typography.Text type="danger">{message}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}

/**
 * The columns: ID (the one sort), Ligne (the row's line in the file, header = 1, the number the messages cite),
 * Siren, Titre, Catégorie (the category found, or the name as read),
 * Source, Link, Date (read, or as typed when unreadable), Erreurs, Action (`onRemove(row)`).
 */
export function temporaryColumns(onRemove: (row: NewsTemporary) => void): DataColumn<NewsTemporary>[] {
  return [
    { key: 'id', title: 'ID', sortable: true, width: 90, secondary: true },
    { key: 'line', title: 'Ligne', width: 80, align: 'right', render: (row) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{row.line}</span> },
    {
      key: 'siren',
      title: 'Siren',
      identifying: true,
      minWidth: 110,
      render: (row) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{row.siren || '-'}</span>,
    },
    { key: 'title', title: 'Titre', minWidth: 160, render: (row) => row.title || '-' },
    { key: 'category', title: 'Catégorie', render: (row) => row.newscategory?.name_fr ?? (row.category || '-') },
    { key: 'source', title: 'Source', secondary: true, render: (row) => row.source ?? '-' },
    {
      key: 'url',
      title: 'Link',
      render: (row) =>
        isHttp(row.url) ? (
          <Typography.Link href={row.url} target="_blank" rel="noopener noreferrer" title={row.url} style={ONE_LINE}>
            {row.url.replace(/^https?:\/\//i, '')}
          </Typography.Link>
        ) : (
          <span title={row.url} style={ONE_LINE}>
            {row.url || '-'}
          </span>
        ),
    },
    { key: 'posted', title: 'Date', minWidth: 100, render: (row) => (row.posted ? formatDateTime(row.posted) : row.posted_raw || '-') },
    { key: 'errors', title: 'Erreurs', minWidth: 180, render: (row) => <RowErrors errors={row.errors} /> },
    deleteColumn<NewsTemporary>({
      label: (row) => `Effacer la ligne ${row.line}`,
      testId: 'remove-temporary',
      onDelete: onRemove,
      width: 110,
      fixed: 'right',
      // On a phone Effacer is in the row's details (the row expands).
      secondary: true,
    }),
  ];
}
