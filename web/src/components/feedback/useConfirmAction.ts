/**
 * `useConfirmAction`: confirmation dialog, then the call, reload and success toast, or a toast of
 * the first errors.status / errors.destroy message (SPEC section 4 toggles and deletes, section 8).
 * The dialog's buttons say what they do: the OK button names the action (« Effacer », « Désactiver »,
 * « Annuler l'import »), never a bare « Oui »; the other one keeps things as they are (« Annuler » by default,
 * or a word of its own where the action is itself a cancellation: « Continuer »).
 */
import { App } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNotify } from './useNotify';

/** What `confirmAction` asks and then does. */
export interface ConfirmActionOptions {
  /** Question shown in the dialog, e.g. 'Voulez-vous vraiment effacer ce client ?'. */
  content: string;
  /** The call to make once confirmed. */
  action: () => Promise<unknown>;
  /** 422 field whose first message is toasted on failure ('status' for toggles, 'destroy' for deletes). */
  errorField?: string;
  /** Query keys to invalidate (reload) after success. */
  invalidate?: QueryKey[];
  /** Runs after success, after the toast (e.g. redirect to the list). */
  onSuccess?: () => void;
  /** Red OK button (deletes). */
  danger?: boolean;
  /** OK button label: the action it runs, e.g. 'Effacer'. */
  okText: string;
  /** The other button's label, 'Annuler' by default: give another when the action is itself a cancellation. */
  cancelText?: string;
}

/** What `confirm` asks, and what it does once the answer is yes. */
export interface ConfirmOptions {
  /** Question shown in the dialog. */
  content: string;
  /** Runs once confirmed; the OK button spins while a returned promise runs. */
  onOk: () => unknown;
  /** Runs when the dialog is closed without confirming (the other button, Escape, the close cross). */
  onCancel?: () => void;
  /** Red OK button. */
  danger?: boolean;
  /** OK button label: the action it runs, e.g. 'Effacer'. */
  okText: string;
  /** The other button's label, 'Annuler' by default: give another when the action is itself a cancellation. */
  cancelText?: string;
}

/**
 * The confirmation dialog alone: returns `confirm(options)`, which opens a themed Modal.confirm titled
 * 'Confirmation' (the action / 'Annuler', the focus on the latter) and runs `onOk` once confirmed. For an action
 * whose outcome has its own toasts (the deals' publication); `useConfirmAction` builds on it.
 */
export function useConfirm(): (options: ConfirmOptions) => void {
  const { modal } = App.useApp();
  return useCallback(
    (options: ConfirmOptions) => {
      modal.confirm({
        title: 'Confirmation',
        content: options.content,
        okText: options.okText,
        cancelText: options.cancelText ?? 'Annuler',
        // The safe answer has the focus: Enter or a stray key press cancels.
        autoFocusButton: 'cancel',
        okButtonProps: { danger: options.danger, 'data-testid': 'confirm-ok' },
        cancelButtonProps: { 'data-testid': 'confirm-cancel' },
        onOk: options.onOk as () => Promise<void> | void,
        onCancel: options.onCancel,
      });
    },
    [modal],
  );
}

/**
 * Confirm-then-act: returns `confirmAction(options)`, which opens the confirmation dialog (`useConfirm`), runs
 * the call while the OK button spins, then reloads the given queries and toasts 'Opération effectuée avec
 * succès!'; on a 422 it toasts the first message of `errors[errorField]`, otherwise 'Une erreur est survenue!'.
 */
export function useConfirmAction(): (options: ConfirmActionOptions) => void {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const notify = useNotify();

  return useCallback(
    (options: ConfirmActionOptions) => {
      confirm({
        content: options.content,
        okText: options.okText,
        cancelText: options.cancelText,
        danger: options.danger,
        onOk: async () => {
          try {
            await options.action();
          } catch (error) {
            notify.apiError(error, options.errorField);
            return;
          }
          await Promise.all(
            (options.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
          );
          notify.success();
          options.onSuccess?.();
        },
      });
    },
    [confirm, queryClient, notify],
  );
}
