/**
 * Create and edit form hooks of a resource: create then go to the list, update then
 * reload in place (SPEC section 4 'States and transitions').
 */
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useNavigate } from 'react-router';
import type { CrudResource } from '../../api/resource';
import { useServerForm, type ServerForm } from '../form/useServerForm';

/**
 * Create form of a resource: submits `toInput(values)` to `resource.create`, then toasts,
 * reloads the list and goes to `resource.listPath`. 422 errors go under their fields.
 */
export function useCreateForm<T extends { id: number; status: number }, TCreate, TValues>(
  resource: CrudResource<T, TCreate, never>,
  form: FormInstance<TValues>,
  toInput: (values: TValues) => TCreate,
): ServerForm<TValues> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useServerForm<TValues, T>({
    form,
    submit: (values) => resource.create(toInput(values)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [resource.key] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      navigate(resource.listPath);
    },
  });
}

/**
 * Edit form of a resource: submits `toInput(values)` to `resource.update(id)`, stores the answer
 * as the item and refills the form with `toValues(answer)` (reload in place), reloads the list,
 * and toasts.
 */
export function useUpdateForm<T extends { id: number; status: number }, TUpdate, TValues>(
  resource: CrudResource<T, never, TUpdate>,
  id: number,
  form: FormInstance<TValues>,
  toInput: (values: TValues) => TUpdate,
  toValues?: (item: T) => Partial<TValues>,
): ServerForm<TValues> {
  const queryClient = useQueryClient();
  return useServerForm<TValues, T>({
    form,
    submit: (values) => resource.update(id, toInput(values)),
    onSuccess: async (updated) => {
      if (updated && typeof updated === 'object') {
        queryClient.setQueryData([resource.key, id], updated);
        if (toValues) form.setFieldsValue(toValues(updated) as Parameters<typeof form.setFieldsValue>[0]);
      }
      await queryClient.invalidateQueries({ queryKey: [resource.key] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
