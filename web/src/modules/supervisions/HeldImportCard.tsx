/**
 * An upload held before it commits (server/jobs/confirmation.ts): its import would write more update-log entries,
 * or queue more SIRENs for the RNE, than the threshold. The card says so with the counts (nothing is written
 * yet) and asks: « Importer » runs it for real, « Abandonner » drops it; each through the confirmation dialog
 * naming the action.
 */
import { Button, Card, Flex, Typography } from 'antd';
import type { Job } from '../../api/types';
import { useConfirm } from '../../components/feedback/useConfirmAction';
import { useNotify } from '../../components/feedback/useNotify';
import { importSummaryText, summaryOf } from '../../components/imports/summaryText';
import { abandonFeedJob, confirmFeedJob } from './api';
import { abandonImportQuestion, confirmImportQuestion, heldCountsText, IMPORT_ABANDONED } from './texts';

/** Props of `HeldImportCard`. */
export interface HeldImportCardProps {
  job: Job;
  /** The job, queued again once confirmed. */
  onConfirmed: (job: Job) => void;
  /** The job abandoned. */
  onAbandoned: (job: Job) => void;
}

/** The card (`data-testid="feed-job-held"`): « En attente de confirmation », the counts, « Importer » and « Abandonner ». */
export function HeldImportCard({ job, onConfirmed, onAbandoned }: HeldImportCardProps) {
  const confirm = useConfirm();
  const notify = useNotify();
  const summary = summaryOf(job.result?.summary);
  const threshold = typeof job.result?.threshold === 'number' ? job.result.threshold : null;
  const logEntries = summary?.log_entries ?? 0;
  const rneQueued = summary?.rne_queued ?? 0;
  const file = job.filename ? `«\u00a0${job.filename}\u00a0»` : 'un fichier';
  const act = (call: (id: string) => Promise<Job>, done: (job: Job) => void) => async () => {
    try {
      done(await call(job.id));
    } catch (error) {
      notify.apiError(error);
    }
  };
  return (
    <Card size="small" data-testid="feed-job-held" data-job-id={job.id}>
      <Flex vertical gap={8}>
        <Typography.Text strong role="status">
          {`Import de ${file}\u00a0: en attente de confirmation`}
        </Typography.Text>
        <Typography.Text data-testid="feed-job-held-counts">
          {`Cet import écrirait ${heldCountsText(logEntries, rneQueued)}${threshold !== null ? ` (plus de ${threshold.toLocaleString('fr-FR')})` : ''}. Rien n’a encore été enregistré.`}
        </Typography.Text>
        {summary ? <Typography.Text type="secondary">{importSummaryText(summary)}</Typography.Text> : null}
        <Flex gap={8} wrap>
          <Button
            type="primary"
            data-testid="feed-job-confirm"
            onClick={() => confirm({ content: confirmImportQuestion(logEntries, rneQueued), okText: 'Importer', onOk: act(confirmFeedJob, onConfirmed) })}
          >
            Importer
          </Button>
          <Button
            danger
            data-testid="feed-job-abandon"
            onClick={() =>
              confirm({
                content: abandonImportQuestion(job.filename),
                okText: 'Abandonner',
                cancelText: 'Garder en attente',
                danger: true,
                onOk: act(abandonFeedJob, (abandoned) => {
                  notify.info(IMPORT_ABANDONED);
                  onAbandoned(abandoned);
                }),
              })
            }
          >
            Abandonner
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
