/**
 * « Remettre en file » of a parked entry: puts it back in its queue, then reloads the queue's figures and tables and
 * toasts; a failure toasts the server's message.
 */
import { RedoOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useNotify } from '../../../components/feedback/useNotify';
import { requeueEntry, type ParkedEntry, type QueueName } from './api';
import { queueKey } from './queries';
import { REQUEUE_BUTTON, REQUEUED } from './texts';

/** The button of one parked entry (`data-testid="requeue-entry"`), spinning while it runs; a second click meanwhile is ignored. */
export function RequeueButton({ queue, entry }: { queue: QueueName; entry: Pick<ParkedEntry, 'id' | 'siren'> }) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const requeue = useMutation({
    mutationFn: () => requeueEntry(queue, entry.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queueKey(queue) });
      notify.success(REQUEUED);
    },
    onError: (error) => notify.apiError(error),
  });
  return (
    <Button
      size="small"
      icon={<RedoOutlined aria-hidden />}
      loading={requeue.isPending}
      onClick={() => {
        if (!requeue.isPending) requeue.mutate();
      }}
      aria-label={`${REQUEUE_BUTTON} le siren ${entry.siren}`}
      data-testid="requeue-entry"
    >
      {REQUEUE_BUTTON}
    </Button>
  );
}
