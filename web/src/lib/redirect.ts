/**
 * Safe handling of the /login ?redirect= parameter (open-redirect protection) and the
 * builder of that login URL.
 */

/**
 * Returns `target` when it is a safe in-app path (starts with a single '/', not '/login'),
 * else `fallback`. Protects the ?redirect= parameter against open redirects.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/home'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login/')) return fallback;
  return target;
}

/** The /login URL that comes back to `path` after sign-in. */
export function loginUrl(path: string): string {
  const back = safeRedirect(path, '');
  return back && back !== '/' ? `/login?redirect=${encodeURIComponent(back)}` : '/login';
}
