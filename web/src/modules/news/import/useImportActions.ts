/**
 * `useImportActions`: the two buttons of a waiting import (SPEC section 4 "CSV news import flow"): Process
 * (GET /api/news/process) and 'Annuler l'import' (GET /api/news/cancel, after confirmation).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useConfirmAction } from '../../../components/feedback/useConfirmAction';
import { useNotify } from '../../../components/feedback/useNotify';
import { PENDING_NEWS_KEY } from '../pending/queries';
import { CONFIRM_CANCEL_IMPORT } from '../texts';
import { cancelImport, processImport } from './api';
import { IMPORT_KEY } from './queries';

/**
 * `process`: a mutation; success toasts the server's count message, reloads the import and the pending
 * news and goes to /news; a refusal (422 while rows are in error) toasts the first message of
 * errors.process. `cancel()`: asks, removes every row, toasts, and shows the empty /news/import.
 */
export function useImportActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const confirmAction = useConfirmAction();
  const process = useMutation({
    mutationFn: processImport,
    onSuccess: async (answer) => {
      notify.success(answer.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: IMPORT_KEY }),
        queryClient.invalidateQueries({ queryKey: PENDING_NEWS_KEY }),
      ]);
      navigate('/news');
    },
    onError: (error) => notify.apiError(error, 'process'),
  });
  const cancel = () =>
    confirmAction({
      content: CONFIRM_CANCEL_IMPORT,
      // The action is itself a cancellation: neither button may be a bare « Annuler ».
      okText: 'Annuler l’import',
      cancelText: 'Continuer',
      action: cancelImport,
      errorField: 'import',
      danger: true,
      invalidate: [[...IMPORT_KEY]],
      onSuccess: () => void navigate('/news/import'),
    });
  return { process, cancel };
}
