/**
 * `useResourceActions`: status toggle and delete of a resource row, each behind its confirmation
 * text (SPEC section 4), with errors.status / errors.destroy toasts on failure (SPEC section 8).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { CrudResource } from '../../api/resource';
import { useConfirmAction } from '../feedback/useConfirmAction';

/** Toggle and delete actions of a resource, each behind a confirmation dialog. */
export interface ResourceActions<T> {
  /** Asks `confirmDisable`/`confirmEnable` (by the row's status), toggles, reloads, toasts. */
  toggleStatus: (row: T) => void;
  /** Asks `confirmDelete`, deletes, reloads, toasts; with `redirect`, then goes to the list page. */
  remove: (row: T, options?: { redirect?: boolean }) => void;
}

/**
 * Confirm-then-act for a resource's status toggle (422 -> first message of errors.status) and
 * delete (422 -> first message of errors.destroy). Reloads the resource's queries and the
 * dashboard counters after success.
 */
export function useResourceActions<T extends { id: number; status: number }>(
  resource: CrudResource<T, never, never>,
): ResourceActions<T> {
  const confirmAction = useConfirmAction();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const toggleStatus = useCallback(
    (row: T) =>
      confirmAction({
        content: row.status === 1 ? resource.texts.confirmDisable : resource.texts.confirmEnable,
        okText: row.status === 1 ? 'Désactiver' : 'Réactiver',
        action: () => resource.toggleStatus(row.id),
        errorField: 'status',
        invalidate: [[resource.key], ['dashboard']],
      }),
    [confirmAction, resource],
  );

  const remove = useCallback(
    (row: T, options: { redirect?: boolean } = {}) =>
      confirmAction({
        content: resource.texts.confirmDelete,
        okText: 'Effacer',
        action: () => resource.remove(row.id),
        errorField: 'destroy',
        danger: true,
        invalidate: options.redirect ? [['dashboard']] : [[resource.key], ['dashboard']],
        onSuccess: options.redirect
          ? () => {
              navigate(resource.listPath);
              // Only the list: refetching the deleted item would 404 and bounce to /home.
              void queryClient.invalidateQueries({ queryKey: [resource.key], exact: true });
            }
          : undefined,
      }),
    [confirmAction, resource, navigate, queryClient],
  );

  return useMemo(() => ({ toggleStatus, remove }), [toggleStatus, remove]);
}
