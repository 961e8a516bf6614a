/**
 * Step-up of sensitive operations (changing a customer's secrets): an administrator with a second factor
 * must have had a code accepted on this session within the last 10 minutes (at sign-in or through
 * `POST /api/mfa/step-up`). An administrator without one is not asked (MFA_REQUIRED keeps such an
 * administrator at the enrolment anyway).
 */
import { MFA_REASONS, MFA_TEXTS } from '../../../contract/mfa';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { mfaVerifiedAt } from '../../http/session';
import { hasMfa } from './mfa';

/** How long (seconds) an accepted code vouches for sensitive operations on its session. */
export const STEP_UP_SECONDS = 600;

/**
 * @param actor - the signed-in administrator and its session id
 * @throws AppError 403 `{message, code: 'mfa_step_up'}` when a fresh code is needed
 */
export async function assertFreshSecondFactor(db: Db, actor: { id: number; sessionId?: string }): Promise<void> {
  if (!(await hasMfa(db, actor.id))) return;
  const at = actor.sessionId ? await mfaVerifiedAt(db, actor.sessionId) : null;
  if (at && Date.now() - at.getTime() <= STEP_UP_SECONDS * 1000) return;
  throw new AppError(403, MFA_TEXTS.stepUp, undefined, MFA_REASONS.stepUp);
}
