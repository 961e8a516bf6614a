/**
 * The feed jobs under way, at the top of a supervision page: per job its file, its
 * state, a progress bar of the bytes read (percent), the rows and bytes read so far, and, once the file is
 * read whole, that the rows are being written (the merge can take as long as the reading); an upload held for
 * the operator's confirmation shows its counts and asks (`HeldImportCard`). A job queued or running has
 * « Annuler l’import », asked through the confirmation dialog (« Annuler l’import » / « Continuer »): it stops
 * without writing anything (server/jobs/cancel.ts), and its end is announced as the others are.
 */
import { Card, Flex, Progress, Typography } from 'antd';
import type { Job } from '../../api/types';
import { cancelAsked, CancelJobButton } from '../../components/imports/CancelJobButton';
import { frenchNumber } from '../../components/feeds/healthText';
import { bytesText } from '../../lib/bytes';
import { HeldImportCard } from './HeldImportCard';

/** Whether the whole file has been read and the job is writing it (the merge, one transaction). */
function merging(job: Job): boolean {
  return job.state === 'running' && job.bytes_total !== null && job.bytes_total > 0 && job.bytes_read >= job.bytes_total;
}

/** What the job is doing, in words: waiting, reading, (file read whole) writing into the database, or stopping. */
function stepText(job: Job): string {
  const file = job.filename ? `«\u00a0${job.filename}\u00a0»` : 'un fichier';
  if (cancelAsked(job)) return `Import de ${file}\u00a0: annulation en cours…`;
  if (job.state === 'queued') return `Import de ${file} en attente…`;
  if (merging(job)) return `Import de ${file}\u00a0: fichier lu, enregistrement en cours…`;
  return `Import de ${file} en cours…`;
}

/** « 1 234 lignes lues — 12,3 Mo sur 48,1 Mo » (the bytes when the size is known). */
function readText(job: Job): string {
  const rows = `${frenchNumber(job.rows_read)} ${job.rows_read > 1 ? 'lignes lues' : 'ligne lue'}`;
  return job.bytes_total ? `${rows} — ${bytesText(job.bytes_read)} sur ${bytesText(job.bytes_total)}` : rows;
}

/**
 * One job (`data-testid="feed-job"`, `aria-busy`): its step, the bar (percent of bytes), the rows read and
 * « Annuler l’import » (not once the cancellation is asked).
 */
function JobCard({ job, onCancelled }: { job: Job; onCancelled: (job: Job) => void }) {
  const percent = Math.floor(job.percent ?? 0);
  return (
    <Card size="small" data-testid="feed-job" aria-busy="true" data-job-id={job.id}>
      <Flex vertical gap={4}>
        <Typography.Text strong role="status">
          {stepText(job)}
        </Typography.Text>
        <Progress
          percent={percent}
          status="active"
          aria-label={`Progression de l’import de ${job.filename ?? 'ce fichier'}`}
          data-testid="feed-job-progress"
        />
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Text type="secondary" data-testid="feed-job-rows">
            {readText(job)}
          </Typography.Text>
          <CancelJobButton job={job} onCancelled={onCancelled} testId="feed-job-cancel" />
        </Flex>
      </Flex>
    </Card>
  );
}

/** Props of `FeedJobsProgress`. */
export interface FeedJobsProgressProps {
  jobs: Job[];
  /** A held upload confirmed (queued again) or abandoned. */
  onConfirmed: (job: Job) => void;
  onAbandoned: (job: Job) => void;
  /** A job under way asked to stop (the answer: failed when it was queued, still running otherwise). */
  onCancelled: (job: Job) => void;
}

/** The jobs under way (`data-testid="feed-jobs"`), nothing when there is none. */
export function FeedJobsProgress({ jobs, onConfirmed, onAbandoned, onCancelled }: FeedJobsProgressProps) {
  if (jobs.length === 0) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="feed-jobs">
      {jobs.map((job) =>
        job.state === 'waiting' ? (
          <HeldImportCard key={job.id} job={job} onConfirmed={onConfirmed} onAbandoned={onAbandoned} />
        ) : (
          <JobCard key={job.id} job={job} onCancelled={onCancelled} />
        ),
      )}
    </Flex>
  );
}
