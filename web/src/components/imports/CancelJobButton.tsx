/**
 * « Annuler l’import » of an import under way, the same on every import page (news, deals, INSEE, BODACC): asked
 * through the confirmation dialog (« Annuler l’import » / « Continuer »), then `POST /api/jobs/{id}/cancel`
 * (server/jobs/cancel.ts): a queued job ends at once, a running one stops without writing anything, whichever
 * process runs it.
 */
import { Button } from 'antd';
import { api, ok } from '../../api/client';
import type { Job } from '../../api/types';
import { useConfirm } from '../feedback/useConfirmAction';
import { useNotify } from '../feedback/useNotify';

/** The question: « Annuler l’import de « f » ? Ce qui a été lu est abandonné : rien ne sera importé. » */
export function cancelImportQuestion(filename: string | null): string {
  return `Annuler l’import de ${filename ? `«\u00a0${filename}\u00a0»` : 'ce fichier'}\u00a0? Ce qui a été lu est abandonné\u00a0: rien ne sera importé.`;
}

/** Toast once the cancellation is asked (the import then stops and its end is announced as a failure). */
export const CANCEL_REQUESTED = 'Annulation demandée\u00a0: l’import s’arrête sans rien enregistrer.';

/**
 * POST /api/jobs/{id}/cancel: answers the job, failed when it was queued, still running (asked to stop) otherwise.
 * @throws ApiError 404 once it has ended
 */
export function cancelJob(id: string): Promise<Job> {
  return ok(api.POST('/api/jobs/{id}/cancel', { params: { path: { id } } }));
}

/** Whether an administrator asked the running job to stop (its row carries the cancellation's message until it ends). */
export function cancelAsked(job: Job): boolean {
  return job.state === 'running' && Boolean(job.error);
}

/** Props of `CancelJobButton`. */
export interface CancelJobButtonProps {
  job: Job;
  /** Called with the job as the server answered (failed when it was queued, still running otherwise). */
  onCancelled?: (job: Job) => void;
  /** `data-testid` of the button (default `job-cancel`). */
  testId?: string;
}

/** The button (`danger`, small); nothing once the job has ended or its cancellation is asked. */
export function CancelJobButton({ job, onCancelled, testId = 'job-cancel' }: CancelJobButtonProps) {
  const confirm = useConfirm();
  const notify = useNotify();
  if ((job.state !== 'queued' && job.state !== 'running') || cancelAsked(job)) return null;
  return (
    <Button
      danger
      size="small"
      data-testid={testId}
      onClick={() =>
        confirm({
          content: cancelImportQuestion(job.filename),
          okText: 'Annuler l’import',
          cancelText: 'Continuer',
          danger: true,
          onOk: async () => {
            try {
              const answer = await cancelJob(job.id);
              onCancelled?.(answer);
              notify.info(CANCEL_REQUESTED);
            } catch (error) {
              notify.apiError(error);
            }
          },
        })
      }
    >
      Annuler l’import
    </Button>
  );
}
