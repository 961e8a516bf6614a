/**
 * The publication bar of /transactions (SPEC section 2; issue 10 section 1): the two figures (c1 waiting for
 * publication, c2 published) and the buttons 'Publier les transactions' (insert all) and 'Annuler la dernière
 * écriture' (purge), each replaced by a spinner while it runs.
 */
import { CloudUploadOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, Statistic } from 'antd';
import { usePublication } from './usePublication';

/** Label of the insert-all button (the spec: "a button to write all into the deals database"). */
export const INSERT_LABEL = 'Publier les transactions';
/** Label of the purge button (SPEC section 2). */
export const PURGE_LABEL = 'Annuler la dernière écriture';

/** A button, or a spinner in its place while its action runs. */
function ActionOrSpinner(props: { running: boolean; label: string; icon: React.ReactNode; testId: string; onClick: () => void; danger?: boolean }) {
  if (props.running) {
    return (
      <Flex align="center" style={{ minHeight: 32, paddingInline: 24 }} data-testid={`${props.testId}-spinner`}>
        <Spin aria-label={`${props.label} en cours`} />
      </Flex>
    );
  }
  return (
    <Button icon={props.icon} onClick={props.onClick} danger={props.danger} data-testid={props.testId}>
      {props.label}
    </Button>
  );
}

/** The figures and the two actions; a second click while one runs is not possible (its button is gone). */
export function PublicationBar() {
  const { stats, insert, purge } = usePublication();
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
          label={INSERT_LABEL}
          icon={<CloudUploadOutlined aria-hidden />}
          testId="deals-insert"
          onClick={() => {
            if (!busy) insert.mutate();
          }}
        />
        <ActionOrSpinner
          running={purge.isPending}
          label={PURGE_LABEL}
          icon={<UndoOutlined aria-hidden />}
          testId="deals-purge"
          danger
          onClick={() => {
            if (!busy) purge.mutate();
          }}
        />
      </Flex>
    </Flex>
  );
}
