/**
 * CSRF protection by signed double-submit cookie (CONVENTIONS.md section 3).
 *
 * `XSRF-TOKEN` (readable by the page) = `<random>.<HMAC(random)>`; every non-GET `/api` call must send
 * the same value in `X-XSRF-TOKEN` (or `X-CSRF-TOKEN`). The signature stops a cookie planted by a
 * sibling domain from being accepted. Failure: 419 'La session a expiré. Rechargez la page.'
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecretBox } from '../lib/app-key';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_EXPIRED = 'La session a expiré. Rechargez la page.';

/** A new signed token. */
export function newCsrfToken(box: SecretBox): string {
  const rand = crypto.randomBytes(24).toString('base64url');
  return `${rand}.${box.sign(rand)}`;
}

/** Sets the readable `XSRF-TOKEN` cookie (reusing a valid one so open tabs keep working). */
export function issueCsrfCookie(request: FastifyRequest, reply: FastifyReply, box: SecretBox, secure: boolean): void {
  const current = request.cookies[CSRF_COOKIE];
  const token = current && isSigned(current, box) ? current : newCsrfToken(box);
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure, httpOnly: false, maxAge: 12 * 3600 });
}

function isSigned(token: string, box: SecretBox): boolean {
  const [rand, sig] = token.split('.');
  if (!rand || !sig) return false;
  const expected = Buffer.from(box.sign(rand));
  const given = Buffer.from(sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** True when the request's header token equals its cookie token and carries a valid signature. */
export function csrfValid(request: FastifyRequest, box: SecretBox): boolean {
  const cookie = request.cookies[CSRF_COOKIE];
  const raw = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token'];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (!cookie || !header) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(header);
  } catch {
    return false;
  }
  const a = Buffer.from(decoded);
  const b = Buffer.from(cookie);
  return a.length === b.length && crypto.timingSafeEqual(a, b) && isSigned(cookie, box);
}
