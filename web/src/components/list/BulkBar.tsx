/**
 * `BulkBar`: the bar of a `DataList` with bulk actions, shown while rows are ticked: how many are, « Tout
 * sélectionner (N) » once the whole page is, « Désélectionner », and the list's actions. Each action asks first
 * (the count in the question, the button naming the action), then toasts the count the server answered, clears
 * the selection and reloads the list.
 */
import { Button, Flex, Typography } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { BulkResponse } from '../../../../contract/bulk';
import { useConfirm } from '../feedback/useConfirmAction';
import { useNotify } from '../feedback/useNotify';
import type { BulkSelection, ListSelection } from './useListSelection';

/** One action a list offers on its ticked rows. */
export interface BulkAction {
  /** Id of the action (`data-testid="bulk-{key}"`). */
  key: string;
  /** Button text, also the OK button of the confirmation (e.g. « Supprimer »). */
  label: string;
  icon?: ReactNode;
  /** Red buttons (deletions). */
  danger?: boolean;
  /** The confirmation's question for `count` rows, e.g. « Supprimer 100 000 news en attente ? ». */
  question: (count: number) => string;
  /** The call; answers the count and the toast text. */
  run: (selection: BulkSelection) => Promise<BulkResponse>;
}

/** Bulk actions of a `DataList`. */
export interface BulkOptions {
  actions: BulkAction[];
  /** Query keys reloaded after an action, besides the list's own. */
  invalidate?: QueryKey[];
}

/** `n` the French way (narrow no-break space between thousands). */
const fr = (n: number) => n.toLocaleString('fr-FR');

/** Props of `BulkBar`. */
export interface BulkBarProps<T> {
  selection: ListSelection<T>;
  options: BulkOptions;
  /** The list's query key (server mode), reloaded after an action. */
  listKey?: QueryKey;
}

/** The selection bar of a list with bulk actions (nothing while no row is ticked). */
export function BulkBar<T>({ selection, options, listKey }: BulkBarProps<T>) {
  const confirm = useConfirm();
  const notify = useNotify();
  const queryClient = useQueryClient();
  if (selection.count === 0 && !selection.all) return null;

  const start = (action: BulkAction) => {
    const body = selection.request();
    confirm({
      content: action.question(selection.count),
      okText: action.label,
      danger: action.danger,
      onOk: async () => {
        let answer: BulkResponse;
        try {
          answer = await action.run(body);
        } catch (error) {
          notify.apiError(error, 'ids');
          return;
        }
        notify.success(answer.message);
        selection.clear();
        // The dialog closes on the server's answer; the list reloads behind it.
        for (const queryKey of [listKey, ...(options.invalidate ?? [])]) if (queryKey) void queryClient.invalidateQueries({ queryKey });
      },
    });
  };

  return (
    <Flex gap={12} align="center" wrap role="region" aria-label="Sélection" data-testid="bulk-bar" style={{ marginBottom: 12 }}>
      <Typography.Text strong data-testid="bulk-count">
        {selection.count > 1 ? `${fr(selection.count)} lignes sélectionnées` : `${fr(selection.count)} ligne sélectionnée`}
      </Typography.Text>
      {selection.canSelectAll ? (
        <Button size="small" onClick={selection.selectAll} data-testid="bulk-select-all">
          Tout sélectionner ({fr(selection.total)})
        </Button>
      ) : null}
      <Button size="small" type="link" onClick={selection.clear} data-testid="bulk-clear">
        Désélectionner
      </Button>
      {options.actions.map((action) => (
        <Button key={action.key} size="small" danger={action.danger} icon={action.icon} onClick={() => start(action)} data-testid={`bulk-${action.key}`}>
          {action.label}
        </Button>
      ))}
    </Flex>
  );
}
