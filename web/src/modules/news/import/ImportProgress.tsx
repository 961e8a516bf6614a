/**
 * The busy indicator of /news/import (SPEC sections 2 and 4: a spinner while processing), with « Annuler l’import »
 * while the file is read (the shared `CancelJobButton`: nothing of it is kept).
 */
import { useQueryClient } from '@tanstack/react-query';
import { Card, Flex, Progress, Spin, Typography } from 'antd';
import type { Job } from '../../../api/types';
import { cancelAsked, CancelJobButton } from '../../../components/imports/CancelJobButton';
import { lineCount } from '../texts';
import { IMPORT_KEY } from './queries';

/** Props of `ImportProgress`. */
export interface ImportProgressProps {
  /** The import job (queued, running, or done while its rows are being read). */
  job: Job | null;
}

/** What the job is doing, in words. */
function stepText(job: Job | null): string {
  const file = job?.filename ? `«\u00a0${job.filename}\u00a0»` : 'le fichier';
  if (job && cancelAsked(job)) return `Import de ${file}\u00a0: annulation en cours…`;
  if (job?.state === 'queued') return `Import de ${file} en attente de traitement…`;
  if (job?.state === 'running') return `Lecture de ${file}…`;
  return `Lecture terminée, chargement des lignes de ${file}…`;
}

/**
 * A card (`data-testid="import-busy"`, `aria-busy`) with a spinner, what the job does, an antd Progress
 * of the bytes read (`percent`; full once read), 'N lignes lues' and « Annuler l’import ».
 */
export function ImportProgress({ job }: ImportProgressProps) {
  const queryClient = useQueryClient();
  const percent = job?.state === 'done' ? 100 : Math.floor(job?.percent ?? 0);
  return (
    <Card data-testid="import-busy" aria-busy="true">
      <Flex vertical gap={12} align="center" style={{ paddingBlock: 16 }}>
        <Spin size="large" />
        <Typography.Text strong role="status" data-testid="import-step">
          {stepText(job)}
        </Typography.Text>
        <Progress
          percent={percent}
          status="active"
          style={{ maxWidth: 480 }}
          aria-label="Progression de la lecture du fichier"
          data-testid="import-progress"
        />
        <Typography.Text type="secondary" data-testid="import-rows-read">
          {`${lineCount(job?.rows_read ?? 0)} lue${(job?.rows_read ?? 0) > 1 ? 's' : ''}`}
        </Typography.Text>
        {job ? <CancelJobButton job={job} onCancelled={() => void queryClient.invalidateQueries({ queryKey: IMPORT_KEY })} /> : null}
      </Flex>
    </Card>
  );
}
