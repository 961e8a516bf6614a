/**
 * /transactions/bodacc screen, the legal-announcement transaction rows (SPEC sections 2, 3 and 8): the 37 columns in order with French headers plus Action, scrolling horizontally with the SIREN
 * column fixed; search by SIREN; page-size selector; delete after a confirmation naming the row (notice number and
 * company) and saying it stays restorable from « Lignes supprimées » (linked in the header; 'Une erreur est
 * survenue!' on failure); each row opens its notice on bodacc.fr in a new tab (« Avis » in the Action column, and
 * the link of b36).
 */
import { DeleteOutlined, FileSearchOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import { useCallback, useMemo } from 'react';
import { ButtonLink } from '../../../components/ButtonLink';
import { useConfirmAction } from '../../../components/feedback/useConfirmAction';
import { PageHeader } from '../../../components/layout/PageHeader';
import { DataList, type DataColumn } from '../../../components/list/DataList';
import { DeleteRowButton } from '../../../components/list/deleteColumn';
import type { ServerListSource } from '../../../components/list/useDataList';
import type { BodaccRow } from '../../../../../contract/deal-lists';
import { DEALS_CRUMB } from '../breadcrumbs';
import { cell, dayText, numberText } from '../format';
import { BODACC_SEARCH_PLACEHOLDER, BODACC_TITLE } from '../texts';
import { BODACC_KEY, filterBodacc, removeBodacc } from './api';
import { BODACC_KEYS, BODACC_LABELS } from './fields';
import { DELETED_TITLE, deleteQuestion } from './texts';

const source: ServerListSource<BodaccRow> = { mode: 'server', queryKey: [...BODACC_KEY, 'filter'], fetch: filterBodacc };

const YES_NO: Record<number, string> = { 1: 'YES', 2: 'NO' };
/** Columns wider than the others (texts). */
const WIDE: Partial<Record<keyof typeof BODACC_LABELS, number>> = { b2: 220, b6: 260, b7: 220, b11: 200, b15: 200, b19: 200, b23: 200, b26: 200, b27: 200, b34: 360, b35: 280 };
/** Width of the other columns, and of Action. */
const DEFAULT_WIDTH = 150;
const ACTION_WIDTH = 180;
/** The table's scrolled width: the sum of its columns (no column squeezed under its width, no word cut). */
const SCROLL_X = BODACC_KEYS.reduce((sum, key) => sum + (WIDE[key] ?? DEFAULT_WIDTH), ACTION_WIDTH);

/** The content of cell `key` of `row`. */
function cellOf(row: BodaccRow, key: keyof typeof BODACC_LABELS) {
  const value = row[key];
  switch (key) {
    case 'b5':
      return dayText(value as string | null);
    case 'b8':
    case 'b10':
      return numberText(value);
    case 'b26':
    case 'b27':
      return value === null ? '-' : (YES_NO[value as number] ?? String(value));
    case 'b36':
      return value ? (
        <a href={String(value)} target="_blank" rel="noopener noreferrer" data-testid="bodacc-link">
          Voir l&apos;annonce
        </a>
      ) : (
        '-'
      );
    default:
      return cell(value);
  }
}

/** The rows, paged on the server. */
export default function BodaccPage() {
  const confirmAction = useConfirmAction();
  // Every failure gives the spec's generic toast, whatever the server said (SPEC section 8).
  const remove = useCallback(
    (row: BodaccRow) =>
      confirmAction({
        content: deleteQuestion(row),
        okText: 'Supprimer la ligne',
        danger: true,
        action: () => removeBodacc(row.id).catch(() => Promise.reject(new Error('removebodacc failed'))),
        invalidate: [[...BODACC_KEY]],
      }),
    [confirmAction],
  );
  const columns = useMemo<DataColumn<BodaccRow>[]>(
    () => [
      ...BODACC_KEYS.map(
        (key): DataColumn<BodaccRow> => ({
          key,
          title: BODACC_LABELS[key],
          sortable: key === 'b1',
          identifying: key === 'b1',
          minWidth: key === 'b1' ? 110 : undefined,
          width: WIDE[key] ?? DEFAULT_WIDTH,
          align: key === 'b8' || key === 'b10' ? 'right' : undefined,
          render: (row) => cellOf(row, key),
        }),
      ),
      {
        key: 'action',
        title: 'Action',
        width: ACTION_WIDTH,
        fixed: 'right',
        render: (row) => (
          <Space size={4}>
            {row.b36 ? (
              <Button
                size="small"
                href={row.b36}
                target="_blank"
                rel="noopener noreferrer"
                icon={<FileSearchOutlined aria-hidden />}
                aria-label={`Voir l’avis ${row.b4 ?? ''} sur bodacc.fr`.trim()}
                data-testid="bodacc-notice"
              >
                Avis
              </Button>
            ) : null}
            <DeleteRowButton testId="bodacc-delete" label={`Effacer la ligne ${row.b4 ? `de l’annonce n° ${row.b4}` : row.id}`} onClick={() => remove(row)} />
          </Space>
        ),
      },
    ],
    [remove],
  );
  return (
    <>
      <PageHeader
        title={BODACC_TITLE}
        breadcrumb={[DEALS_CRUMB, { title: BODACC_TITLE }]}
        extra={
          <ButtonLink to="/transactions/bodacc/deleted" icon={<DeleteOutlined aria-hidden />} data-testid="bodacc-deleted-link">
            {DELETED_TITLE}
          </ButtonLink>
        }
      />
      <Card>
        <DataList<BodaccRow>
          source={source}
          columns={columns}
          search={{ placeholder: BODACC_SEARCH_PLACEHOLDER }}
          testId="bodacc-list"
          exportCsv={{ path: '/api/transactions/bodacc/export.csv' }}
          scrollX={SCROLL_X}
        />
      </Card>
    </>
  );
}
