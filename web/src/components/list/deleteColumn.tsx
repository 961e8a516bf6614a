/**
 * The delete action of a list row: the small red 'Effacer' button with its bin icon, and the 'Action'
 * column holding it alone. What a click does (a confirmation first, as a rule) is the caller's.
 */
import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { DataColumn } from './DataList';

/** Props of `DeleteRowButton`. */
export interface DeleteRowButtonProps {
  /** Accessible name saying which row it deletes (e.g. `Effacer le siren 552032534`); none by default. */
  label?: string;
  /** `data-testid` of the button. */
  testId: string;
  onClick: () => void;
}

/** The small red 'Effacer' button of a list row. */
export function DeleteRowButton({ label, testId, onClick }: DeleteRowButtonProps) {
  return (
    <Button size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={label} data-testid={testId} onClick={onClick}>
      Effacer
    </Button>
  );
}

/** How the 'Action' column of `deleteColumn` acts. */
export interface DeleteColumnOptions<T> {
  /** The button's accessible name for a row. */
  label: (row: T) => string;
  /** `data-testid` of each row's button. */
  testId: string;
  /** Runs on a click of the row's button. */
  onDelete: (row: T) => void;
  /** Column width in px (130 by default). */
  width?: number;
  /** Keep the column visible on the right while the table scrolls. */
  fixed?: 'right';
  /** On a phone, leave the table and sit in the row's details (the row expands: DataList's `secondary`). */
  secondary?: boolean;
}

/** The 'Action' column holding each row's `DeleteRowButton`. */
export function deleteColumn<T>({ label, testId, onDelete, width = 130, fixed, secondary }: DeleteColumnOptions<T>): DataColumn<T> {
  return {
    key: 'action',
    title: 'Action',
    width,
    fixed,
    secondary,
    render: (row) => <DeleteRowButton label={label(row)} testId={testId} onClick={() => onDelete(row)} />,
  };
}
