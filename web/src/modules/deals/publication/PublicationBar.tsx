/**
 * The publication bar of /transactions (SPEC section 2): the two figures (c1 waiting for
 * publication, c2 published) and the buttons 'Publier les transactions' (insert all) and 'Annuler la dernière
 * écriture' (purge, confirmed first), each replaced by a spinner while it runs, the other disabled meanwhile.
 */
import { CloudUploadOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, Statistic } from 'antd';
import { useConfirm } from '../../../components/feedback/useConfirmAction';
import { usePublication } from './usePublication';

/** Label of the insert-all button (the spec: "a button to write all into the deals database"). */
export const INSERT_LABEL = 'Publier les transactions';
/** Label of the purge button (SPEC section 2). */
export const PURGE_LABEL = 'Annuler la dernière écriture';

/** The question asked before a purge: it withdraws the last batch from the customer API. */
export const PURGE_CONFIRM = 'Voulez-vous vraiment annuler la dernière écriture\u00a0? Les transactions qu’elle a publiées ne seront plus servies par l’API.';

/** A button (disabled while the other action runs), or a spinner in its place while its own action runs. */
function ActionOrSpinner(props: {
  running: boolean;
  disabled: boolean;
  label: string;
  icon: React.ReactNode;
  testId: string;
  onClick: () => void;
  danger?: boolean;
}) {
  if (props.running) {
    return (
      <Flex align="center" style={{ minHeight: 32, paddingInline: 24 }} data-testid={`${props.testId}-spinner`}>
        <Spin aria-label={`${props.label} en cours`} />
      </Flex>
    );
  }
  return (
    <Button icon={props.icon} onClick={props.onClick} danger={props.danger} disabled={props.disabled} data-testid={props.testId}>
      {props.label}
    </Button>
  );
}

/**
 * The figures and the two actions; a second click while one runs is not possible (its button is gone, the
 * other is disabled); the purge is confirmed first.
 */
export function PublicationBar() {
  const { stats, insert, purge } = usePublication();
  const confirm = useConfirm();
  const busy = insert.isPending || purge.isPending;
  const figure = (value: number | undefined) => (value === undefined ? '-' : value.toLocaleString('fr-FR'));
  return (
    <Flex gap={24} align="center" wrap justify="space-between" data-testid="publication-bar">
      <Flex gap={32} wrap>
        <Statistic title="En attente de publication" value={figure(stats.data?.c1)} data-testid="stats-c1" />
        <Statistic title="Publiées" value={figure(stats.data?.c2)} data-testid="stats-c2" />
      </Flex>
      <Flex gap={8} wrap align="center">
        <ActionOrSpinner
          running={insert.isPending}
          disabled={busy}
          label={INSERT_LABEL}
          icon={<CloudUploadOutlined aria-hidden />}
          testId="deals-insert"
          onClick={() => {
            if (!busy) insert.mutate();
          }}
        />
        <ActionOrSpinner
          running={purge.isPending}
          disabled={busy}
          label={PURGE_LABEL}
          icon={<UndoOutlined aria-hidden />}
          testId="deals-purge"
          danger
          onClick={() => {
            if (!busy) confirm({ content: PURGE_CONFIRM, okText: 'Annuler la dernière écriture', cancelText: 'Garder la publication', danger: true, onOk: () => purge.mutate() });
          }}
        />
      </Flex>
    </Flex>
  );
}
