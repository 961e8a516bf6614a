/**
 * `useServerForm`: submits a form through a mutation, ignoring re-submits while in
 * flight (SPEC section 4), shows 422 errors under the fields (section 5) and toasts
 * success or failure (section 8), one toast per submission.
 */
import { useMutation } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useCallback, useId, useRef } from 'react';
import { ApiError } from '../../api/errors';
import { useNotify } from '../feedback/useNotify';
import { applyServerErrors } from './applyServerErrors';

/** A toast's text: a title, or a title and a detail line. */
export type ToastText = string | { title: string; description?: string };

/** Where a non-422 failure's message goes: a field name (the server's message), or a field and a text. */
export type StatusField = string | { field: string; message: string };

/** Options of `useServerForm`. */
export interface UseServerFormOptions<TValues, TResult> {
  /** The antd form the errors go to. */
  form: FormInstance<TValues>;
  /** The call, given the submitted values. */
  submit: (values: TValues) => Promise<TResult>;
  /** After success (after the toast): redirect, reload, reset... */
  onSuccess?: (result: TResult, values: TValues) => void | Promise<void>;
  /**
   * Success toast: the default text when true (default), a custom text, a text built from the
   * answer, or none when false.
   */
  successToast?: boolean | ToastText | ((result: TResult) => ToastText);
  /**
   * The one toast the spec names for a failure of this request (e.g. 'Une erreur est survenue.' for
   * the SIRENs). When set, every failure raises exactly this toast, the field errors still going
   * under their fields; a message with no field becomes its detail line. Without it, a failure whose
   * errors are all shown under the fields raises no toast, and any other raises the generic one.
   */
  failureToast?: ToastText | ((error: unknown) => ToastText);
  /** Server field name -> form field name, when they differ. */
  fieldMap?: Record<string, string>;
  /** Show every message of a field under it (e.g. one per invalid line), not only the first. */
  allFieldMessages?: boolean;
  /**
   * Non-422 statuses whose message goes under a field instead of a toast, e.g. `{ 429: 'email' }`
   * for too many sign-in attempts, or `{ 413: { field: 'sirens', message: '…' } }` with a text of ours.
   */
  statusFields?: Partial<Record<number, StatusField>>;
}

/** What a form needs from `useServerForm`. */
export interface ServerForm<TValues> {
  /** Pass to `<Form onFinish>`; ignored while a submission is in flight. */
  onFinish: (values: TValues) => void;
  /** True while the call runs: bind to the submit button's `loading`. */
  pending: boolean;
}

const toastParts = (text: ToastText): { title: string; description?: string } =>
  typeof text === 'string' ? { title: text } : text;

/**
 * The form mechanism: submits through a mutation and ignores re-submits until it settles (a double
 * click sends one request); toasts success; on a 422 shows the first message of each field under
 * that field (every message with `allFieldMessages`); statuses listed in `statusFields` (e.g. 429)
 * show their message under that field. Toasts: at most one per submission, and each replaces the
 * form's previous one (a success from an earlier submission does not stay beside a new failure).
 * Without `failureToast`, a failure toasts only what is not shown under a field: a message with no
 * field, or 'Une erreur est survenue!' (or the 429/404 message) for other failures.
 */
export function useServerForm<TValues, TResult>(options: UseServerFormOptions<TValues, TResult>): ServerForm<TValues> {
  const { form, submit, onSuccess, successToast = true, failureToast, fieldMap, allFieldMessages, statusFields } = options;
  const notify = useNotify();
  const key = `form:${useId()}`;
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: submit,
    onSuccess: async (result, values) => {
      if (successToast) {
        const text = successToast === true ? undefined : toastParts(typeof successToast === 'function' ? successToast(result) : successToast);
        notify.success(text?.title, text?.description, { key });
      }
      await onSuccess?.(result, values);
    },
    onError: (error) => {
      let unplaced: string | undefined;
      let placed = false;
      if (error instanceof ApiError && error.status === 422) {
        const rest = applyServerErrors(form, error.errors, fieldMap, { all: allFieldMessages });
        placed = true;
        unplaced = rest[0] ?? (Object.keys(error.errors).length ? undefined : error.message);
      } else if (error instanceof ApiError && statusFields?.[error.status]) {
        const target = statusFields[error.status]!;
        const { field, message } = typeof target === 'string' ? { field: target, message: error.message } : target;
        form.setFields([{ name: field as never, errors: [message] }]);
        placed = true;
      }
      if (failureToast) {
        const text = toastParts(typeof failureToast === 'function' ? failureToast(error) : failureToast);
        notify.error(text.title, text.description ?? unplaced, { key });
      } else if (unplaced !== undefined) {
        notify.error(unplaced, undefined, { key });
      } else if (!placed) {
        notify.apiError(error, undefined, { key });
      }
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const { mutate, isPending } = mutation;
  const onFinish = useCallback(
    (values: TValues) => {
      // A ref, not `isPending`: a second click before the re-render must not send a second request.
      if (inFlight.current) return;
      inFlight.current = true;
      mutate(values);
    },
    [mutate],
  );
  return { onFinish, pending: isPending };
}
