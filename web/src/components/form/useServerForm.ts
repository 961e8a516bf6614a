/**
 * `useServerForm`: submits a form through a mutation, ignoring re-submits while in
 * flight (SPEC section 4), shows 422 errors under the fields (section 5) and toasts
 * success or failure (section 8).
 */
import { useMutation } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { ApiError } from '../../api/errors';
import { useNotify } from '../feedback/useNotify';
import { applyServerErrors } from './applyServerErrors';

/** Options of `useServerForm`. */
export interface UseServerFormOptions<TValues, TResult> {
  /** The antd form the errors go to. */
  form: FormInstance<TValues>;
  /** The call, given the submitted values. */
  submit: (values: TValues) => Promise<TResult>;
  /** After success (after the toast): redirect, reload, reset... */
  onSuccess?: (result: TResult, values: TValues) => void | Promise<void>;
  /** Success toast: the default text when true (default), a custom text, or none when false. */
  successToast?: boolean | string;
  /** Server field name -> form field name, when they differ. */
  fieldMap?: Record<string, string>;
  /**
   * Non-422 statuses whose message goes under a field instead of a toast,
   * e.g. `{ 429: 'email' }` for too many sign-in attempts.
   */
  statusFields?: Partial<Record<number, string>>;
}

/** What a form needs from `useServerForm`. */
export interface ServerForm<TValues> {
  /** Pass to `<Form onFinish>`; ignored while a submission is in flight. */
  onFinish: (values: TValues) => void;
  /** True while the call runs: bind to the submit button's `loading`. */
  pending: boolean;
}

/**
 * The form mechanism: submits through a mutation, ignores re-submits while in flight, toasts
 * success, and on a 422 shows the first message of each field under that field (others as a
 * toast); statuses listed in `statusFields` (e.g. 429) show their message under that field; any
 * other failure toasts 'Une erreur est survenue!' (or the 429/404 message).
 */
export function useServerForm<TValues, TResult>(options: UseServerFormOptions<TValues, TResult>): ServerForm<TValues> {
  const { form, submit, onSuccess, successToast = true, fieldMap, statusFields } = options;
  const notify = useNotify();
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: async (result, values) => {
      if (successToast) notify.success(typeof successToast === 'string' ? successToast : undefined);
      await onSuccess?.(result, values);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) {
        const unplaced = applyServerErrors(form, error.errors, fieldMap);
        if (unplaced.length || !Object.keys(error.errors).length) notify.error(unplaced[0] ?? error.message);
        return;
      }
      const field = error instanceof ApiError ? statusFields?.[error.status] : undefined;
      if (field && error instanceof ApiError) {
        form.setFields([{ name: field as never, errors: [error.message] }]);
        return;
      }
      notify.apiError(error);
    },
  });
  const { mutate, isPending } = mutation;
  const onFinish = useCallback(
    (values: TValues) => {
      if (!isPending) mutate(values);
    },
    [mutate, isPending],
  );
  return { onFinish, pending: isPending };
}
