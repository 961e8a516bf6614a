/**
 * The step-up question of the second factor: a call answered 403 `mfa_step_up` (a customer's secret about to
 * change) waits on `askStepUpCode` while `StepUpPrompt` asks for a code; it is sent again once
 * `POST /api/mfa/step-up` accepted one. Several calls asking at once share one question.
 */

/** Settles the calls waiting for a code: true when one was accepted. */
type Settle = (accepted: boolean) => void;

let open: ((settle: Settle) => void) | null = null;
let waiting: Settle[] = [];

/**
 * Asks the mounted `StepUpPrompt` for a code.
 * @returns true once a code was accepted, false when the question was given up or no prompt is mounted
 */
export function askStepUpCode(): Promise<boolean> {
  if (!open) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    waiting.push(resolve);
    if (waiting.length === 1) open!(settleAll);
  });
}

function settleAll(accepted: boolean): void {
  const all = waiting;
  waiting = [];
  for (const settle of all) settle(accepted);
}

/** Called by `StepUpPrompt` when it mounts (`show` opens it) and unmounts (null). */
export function registerStepUpPrompt(show: ((settle: Settle) => void) | null): void {
  open = show;
  if (!show) settleAll(false);
}
