/**
 * CSRF token handling: reads the `XSRF-TOKEN` cookie, fetching a fresh one from
 * GET /api/csrf-cookie when missing, for the X-XSRF-TOKEN header of mutating calls
 * (SPEC section 6).
 */

const COOKIE_NAME = 'XSRF-TOKEN';

/** Reads the decoded `XSRF-TOKEN` cookie, or null when the browser has none. */
export function readXsrfCookie(): string | null {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === COOKIE_NAME) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

let pending: Promise<void> | null = null;

/**
 * Asks the server for a fresh `XSRF-TOKEN` cookie (GET /api/csrf-cookie, 204).
 * Concurrent callers share one request.
 */
export function refreshXsrfCookie(): Promise<void> {
  pending ??= fetch('/api/csrf-cookie', {
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  })
    .then(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Returns the token to send in `X-XSRF-TOKEN`, fetching the cookie first when it is missing. */
export async function ensureXsrfToken(): Promise<string> {
  let token = readXsrfCookie();
  if (token === null) {
    await refreshXsrfCookie();
    token = readXsrfCookie();
  }
  return token ?? '';
}
