/**
 * Why a job failed, as a word that programs test (the `jobs.failure_kind` column) beside the French message that
 * people read (`jobs.error`). A caller decides what to do with a failed job by its kind, never by matching its text:
 * - `refused`: the input was refused (an AppError of the handler); the message says why; sending it again fails again;
 * - `interrupted`: the process running it died, or its input file changed while it was read (./files.ts
 *   `InputChanged`); nothing was kept; it may be sent again;
 * - `shutdown`: the server stopped cleanly while it ran or before it started; it may be sent again;
 * - `never_started`: it was lost before it started (./recovery.ts); it may be sent again;
 * - `unexpected`: a fault (its details are in the log); the operator sees a generic message;
 * - `abandoned`: it waited for a confirmation (./confirmation.ts) and the operator abandoned it; nothing was kept;
 * - `cancelled`: an administrator cancelled it while it was queued or running (./cancel.ts); nothing was kept. While
 *   the job still runs, this kind with its message is the request to stop it.
 *
 * This module is a leaf of the jobs layer: the kinds, their French messages and the error a cancelled job's signal
 * is aborted with, imported by the store, the queue and the handlers alike.
 */
import { AppError } from '../lib/errors';

/** The kinds of failure of a job. */
export const FAILURE_KINDS = ['refused', 'interrupted', 'shutdown', 'never_started', 'unexpected', 'abandoned', 'cancelled'] as const;

/** Why a job failed. */
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Failure kind of a cancelled job (./cancel.ts). */
export const CANCELLED_KIND = 'cancelled' satisfies FailureKind;

/** Message of a job whose process stopped while it ran (`interrupted`). */
export const INTERRUPTED_MESSAGE = 'Traitement interrompu\u00a0: le serveur s’est arrêté pendant son exécution. Rien n’a été enregistré\u00a0; relancez-le.';
/** Message of a job aborted by a clean shutdown (`shutdown`). */
export const SHUTDOWN_MESSAGE = 'Traitement annulé\u00a0: le serveur a été arrêté. Rien n’a été enregistré\u00a0; relancez-le.';
/** Message of a job lost before it started (`never_started`, ./recovery.ts). */
export const NEVER_STARTED_MESSAGE = 'Traitement jamais démarré (serveur arrêté avant son lancement). Rien n’a été enregistré\u00a0; relancez-le.';
/** Message of an unexpected failure (`unexpected`; details go to the log only). */
export const JOB_FAILED_MESSAGE = 'Le traitement a échoué à cause d’une erreur inattendue. Rien n’a été enregistré.';

/** The reason a cancelled job's signal is aborted with: its French message, thrown by the handler as its end. */
export class JobCancelled extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

/** Whether a job that failed so may be run again with the same input (its input did not cause the failure). */
export function isRetakeable(kind: string | null | undefined): boolean {
  return kind === 'interrupted' || kind === 'shutdown' || kind === 'never_started';
}
