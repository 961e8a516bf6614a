/**
 * A list's rows on a phone (below antd's `md` breakpoint, 768 px): the columns marked `secondary` leave the table,
 * and each row gets an expand button (antd's, named « Développer la ligne » / « Réduire la ligne » in French) that
 * opens the row's details: each hidden column's title and content (its status, its actions…), so that nothing of
 * a row is out of reach on a 390 px screen. On wider screens nothing changes.
 */
import { Descriptions } from 'antd';
import type { TableProps } from 'antd';
import type { ReactNode } from 'react';
import type { DataColumn } from './DataList';

/** What a hidden column shows of `row` (its `render`, else the field itself, '-' when empty). */
function cellOf<T>(column: DataColumn<T>, row: T): ReactNode {
  return column.render ? column.render(row) : ((row as Record<string, ReactNode>)[column.key] ?? '-');
}

/** The details of one row: the hidden columns, title then content, one per line. */
function RowDetails<T>({ columns, row }: { columns: DataColumn<T>[]; row: T }) {
  return (
    <Descriptions
      size="small"
      column={1}
      data-testid="row-details"
      items={columns.map((column) => ({ key: column.key, label: column.title, children: cellOf(column, row) }))}
    />
  );
}

/**
 * The `expandable` prop of a list's Table: on a phone (`wide` false) when some column is `secondary`, each row
 * expands to show those columns (the expand column stays on the left with the fixed identifying columns);
 * otherwise undefined.
 */
export function phoneExpandable<T>(columns: DataColumn<T>[], wide: boolean): TableProps<T>['expandable'] {
  const hidden = columns.filter((column) => column.secondary);
  if (wide || hidden.length === 0) return undefined;
  return {
    expandedRowRender: (row: T) => <RowDetails columns={hidden} row={row} />,
    fixed: 'left',
    columnWidth: 40,
  };
}
