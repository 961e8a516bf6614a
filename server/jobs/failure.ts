/**
 * Why a job failed, as a word that programs test (the `jobs.failure_kind` column) beside the French message that
 * people read (`jobs.error`). A caller decides what to do with a failed job by its kind, never by matching its text:
 * - `refused`: the input was refused (an AppError of the handler); the message says why; sending it again fails again;
 * - `interrupted`: the process running it died, or its input file changed while it was read (./files.ts
 *   `InputChanged`); nothing was kept; it may be sent again;
 * - `shutdown`: the server stopped cleanly while it ran or before it started; it may be sent again;
 * - `never_started`: it waited in the queue longer than an hour; it may be sent again;
 * - `unexpected`: a fault (its details are in the log); the operator sees a generic message;
 * - `abandoned`: it waited for a confirmation (./confirmation.ts) and the operator abandoned it; nothing was kept;
 * - `cancelled`: an administrator cancelled it while it was queued or running (./cancel.ts); nothing was kept. While
 *   the job still runs, this kind with its message is the request to stop it.
 */

/** The kinds of failure of a job. */
export const FAILURE_KINDS = ['refused', 'interrupted', 'shutdown', 'never_started', 'unexpected', 'abandoned', 'cancelled'] as const;

/** Why a job failed. */
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Whether a job that failed so may be run again with the same input (its input did not cause the failure). */
export function isRetakeable(kind: string | null | undefined): boolean {
  return kind === 'interrupted' || kind === 'shutdown' || kind === 'never_started';
}
