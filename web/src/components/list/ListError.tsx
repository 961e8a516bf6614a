/**
 * `ListError`: what a list shows when its rows could not be loaded: the error and a
 * 'Réessayer' button, in place of the table's empty text.
 */
import { RetryAlert } from '../feedback/RetryAlert';
import { listErrorText } from './listError';

/** Props of `ListError`. */
export interface ListErrorProps {
  /** The failure of the list's call. */
  error: unknown;
  /** Loads the rows again. */
  onRetry: () => void;
  /** True while the retry runs: the button spins. */
  retrying?: boolean;
}

/**
 * Error alert of a list (`data-testid="list-error"`, role alert): the first message of a 422's
 * `errors.page` (a page too deep, « Cette page est trop loin dans la liste… »), the server's time-limit
 * message of a 503, or 'Une erreur est survenue!' (listError.ts); with a 'Réessayer' button calling `onRetry`.
 */
export function ListError({ error, onRetry, retrying = false }: ListErrorProps) {
  return <RetryAlert title={listErrorText(error)} onRetry={onRetry} retrying={retrying} testId="list-error" />;
}
