/** What the auth module offers the other modules (they import it only through this file): the attempt throttle. */
export { clearFailures, passwordThrottleKey, takeAttempt, throttledMessage } from './throttle';
