/**
 * The step-up question of the second factor: a call answered 403 `mfa_step_up` (a customer's secrets read or
 * changed) waits on `askStepUpCode` while `StepUpPrompt` asks for a code; it is sent again once
 * `POST /api/mfa/step-up` accepted one. Several calls asking at once share one question.
 */

/** Settles the calls waiting for a code: true when one was accepted. */
type Settle = (accepted: boolean) => void;

let open: ((settle: Settle) => void) | null = null;
let waiting: Settle[] = [];

/**
 * Asks `StepUpPrompt` for a code; a call made before the prompt has mounted (it loads lazily with the signed-in
 * area, while the page's first reads may already be answered) waits for it.
 * @returns true once a code was accepted, false when the question was given up
 */
export function askStepUpCode(): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    waiting.push(resolve);
    if (waiting.length === 1 && open) open(settleAll);
  });
}

function settleAll(accepted: boolean): void {
  const all = waiting;
  waiting = [];
  for (const settle of all) settle(accepted);
}

/** Called by `StepUpPrompt` when it mounts (`show` opens it) and unmounts (null). */
export function registerStepUpPrompt(show: ((settle: Settle) => void) | null): void {
  // Unmounted (React's development double mount, or leaving the signed-in area): the calls waiting stay queued
  // for the next prompt rather than failing.
  open = show;
  if (show && waiting.length) show(settleAll);
}
