/**
 * The feed jobs under way, at the top of a supervision page (issue 9 section 4): per job its file, its
 * state, a progress bar of the bytes read (percent) and the rows read so far.
 */
import { Card, Flex, Progress, Typography } from 'antd';
import type { Job } from '../../api/types';
import { frenchNumber } from '../../components/feeds/healthText';

/** What the job is doing, in words. */
function stepText(job: Job): string {
  const file = job.filename ? `«\u00a0${job.filename}\u00a0»` : 'un fichier';
  return job.state === 'queued' ? `Import de ${file} en attente…` : `Import de ${file} en cours…`;
}

/** « 1 234 lignes lues ». */
function rowsText(n: number): string {
  return `${frenchNumber(n)} ${n > 1 ? 'lignes lues' : 'ligne lue'}`;
}

/** One job (`data-testid="feed-job"`, `aria-busy`): its step, the bar (percent of bytes) and the rows read. */
function JobCard({ job }: { job: Job }) {
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
        <Typography.Text type="secondary" data-testid="feed-job-rows">
          {rowsText(job.rows_read)}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/** The jobs under way (`data-testid="feed-jobs"`), nothing when there is none. */
export function FeedJobsProgress({ jobs }: { jobs: Job[] }) {
  if (jobs.length === 0) return null;
  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }} data-testid="feed-jobs">
      {jobs.map((job) => (
        <JobCard key={job.id} job={job} />
      ))}
    </Flex>
  );
}
