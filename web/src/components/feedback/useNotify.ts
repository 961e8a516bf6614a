/**
 * `useNotify`: success / error / info toast helpers over antd's App notifications,
 * defaulting to the texts of SPEC section 8. Toasts never stack copies of themselves: a toast replaces the open one with the same key, by default its type and text.
 */
import { App } from 'antd';
import { useMemo } from 'react';
import { isApiError } from '../../api/errors';
import { errorText } from './errorText';
import { GENERIC_ERROR, SUCCESS_TEXT } from './texts';

/** Options of one toast. */
export interface ToastOptions {
  /**
   * Toasts with the same key replace each other instead of stacking (the newest text wins and its
   * 8 s start again). Default: the type and the text, so an identical toast is never shown twice.
   * A form passes its own key, so its latest outcome replaces the previous one.
   */
  key?: string;
}

/** Toast helpers returned by `useNotify`. */
export interface Notify {
  /** Green toast, 'Opération effectuée avec succès!' by default, with an optional detail line. */
  success: (text?: string, description?: string, options?: ToastOptions) => void;
  /** Red toast, 'Une erreur est survenue!' by default, with an optional detail line. */
  error: (text?: string, description?: string, options?: ToastOptions) => void;
  /**
   * Red toast for a failed call: see `errorText(error, field)`. Nothing for a 401: the session
   * handler sends the user to /login, which says that the session expired.
   */
  apiError: (error: unknown, field?: string, options?: ToastOptions) => void;
  /** Neutral toast (e.g. 'Copié dans le presse-papiers'). */
  info: (text: string, options?: ToastOptions) => void;
  /** Closes the toast shown under `key` (e.g. a « Fichier reçu » once its import's result is on screen). */
  dismiss: (key: string) => void;
}

/**
 * Toasts through antd's App context (themed; bottom right, 8 s, three at most, configured in the
 * providers). Each toast carries `data-testid="toast"` and `data-type` for tests.
 */
export function useNotify(): Notify {
  const { notification } = App.useApp();
  return useMemo(() => {
    const show = (type: 'success' | 'error' | 'info', text: string, description?: string, options: ToastOptions = {}) =>
      notification[type]({
        key: options.key ?? `${type}:${text}`,
        title: text,
        description,
        props: { 'data-testid': 'toast', 'data-type': type } as { 'data-testid': string },
      });
    return {
      success: (text = SUCCESS_TEXT, description, options) => show('success', text, description, options),
      error: (text = GENERIC_ERROR, description, options) => show('error', text, description, options),
      apiError: (error, field, options) => {
        if (!isApiError(error, 401)) show('error', errorText(error, field), undefined, options);
      },
      info: (text, options) => show('info', text, undefined, options),
      dismiss: (key) => notification.destroy(key),
    };
  }, [notification]);
}
