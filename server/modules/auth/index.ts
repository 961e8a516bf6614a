/**
 * What the auth module offers the other modules (they import it only through this file): the attempt
 * throttle, the second factor of the profile (enrolment, disabling, state) and the step-up of sensitive operations.
 */
export { clearFailures, passwordThrottleKey, takeAttempt, throttledMessage } from './throttle';
export { assertFreshSecondFactor, STEP_UP_SECONDS } from './step-up';
export { confirmEnrolment, disableMfa, mfaStatus, startEnrolment } from './mfa';
