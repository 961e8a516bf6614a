/**
 * What /transactions/import shows while the upload waits (SPEC section 2: a spinner during upload): a spinner, the step, the percent of the file read,
 * the rows read and « Annuler l’import » (the shared `CancelJobButton`: the waiting upload then answers the cancellation).
 */
import { Card, Flex, Progress, Spin, Typography } from 'antd';
import type { Job } from '../../../api/types';
import { cancelAsked, CancelJobButton } from '../../../components/imports/CancelJobButton';

/** The busy card (`data-testid="import-busy"`, `aria-busy`) for the running job, or only the spinner before it is known. */
export function ImportBusy({ job }: { job: Job | null }) {
  const running = job && (job.state === 'queued' || job.state === 'running') ? job : null;
  const percent = Math.floor(running?.percent ?? 0);
  const rows = running?.rows_read ?? 0;
  return (
    <Card data-testid="import-busy" aria-busy="true">
      <Flex vertical gap={12} align="center" style={{ paddingBlock: 16 }}>
        <Spin size="large" />
        <Typography.Text strong role="status">
          {running && cancelAsked(running) ? 'Annulation de l’import en cours…' : running?.state === 'running' ? 'Import du fichier en cours…' : 'Envoi du fichier…'}
        </Typography.Text>
        <Progress percent={percent} status="active" style={{ maxWidth: 480 }} aria-label="Progression de l’import" data-testid="import-progress" />
        <Typography.Text type="secondary">{`${rows.toLocaleString('fr-FR')} ligne${rows > 1 ? 's' : ''} lue${rows > 1 ? 's' : ''}`}</Typography.Text>
        {running ? <CancelJobButton job={running} /> : null}
      </Flex>
    </Card>
  );
}
