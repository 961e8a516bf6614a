/**
 * `useNotify`: success / error / info toast helpers over antd's App notifications,
 * defaulting to the texts of SPEC section 8.
 */
import { App } from 'antd';
import { useMemo } from 'react';
import { errorText } from './errorText';
import { GENERIC_ERROR, SUCCESS_TEXT } from './texts';

/** Toast helpers returned by `useNotify`. */
export interface Notify {
  /** Green toast, 'Opération effectuée avec succès!' by default, with an optional detail line. */
  success: (text?: string, description?: string) => void;
  /** Red toast, 'Une erreur est survenue!' by default, with an optional detail line. */
  error: (text?: string, description?: string) => void;
  /** Red toast for a failed call: see `errorText(error, field)`. */
  apiError: (error: unknown, field?: string) => void;
  /** Neutral toast (e.g. 'Copié dans le presse-papiers'). */
  info: (text: string) => void;
}

/**
 * Toasts through antd's App context (themed; placed at the bottom, 8 s, configured in the
 * providers). Each toast carries `data-testid="toast"` and `data-type` for tests.
 */
export function useNotify(): Notify {
  const { notification } = App.useApp();
  return useMemo(() => {
    const show = (type: 'success' | 'error' | 'info', text: string, description?: string) =>
      notification[type]({
        title: text,
        description,
        props: { 'data-testid': 'toast', 'data-type': type } as { 'data-testid': string },
      });
    return {
      success: (text = SUCCESS_TEXT, description) => show('success', text, description),
      error: (text = GENERIC_ERROR, description) => show('error', text, description),
      apiError: (error, field) => show('error', errorText(error, field)),
      info: (text) => show('info', text),
    };
  }, [notification]);
}
