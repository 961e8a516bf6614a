/**
 * CSRF protection by signed double-submit cookie, bound to the session (CONVENTIONS.md section 3).
 *
 * `XSRF-TOKEN` (readable by the page) = `<random>.<HMAC(binding, random)>`, where the binding is the
 * session id (SHA-256 of the `vigie_session` cookie) or `anon` without a session cookie. Every non-GET
 * `/api` call must send the same value in `X-XSRF-TOKEN` (or `X-CSRF-TOKEN`), and the signature must
 * match the session cookie sent with the call. So a token planted by a sibling domain is refused, a
 * token issued for one session is refused with another, and the token changes at sign-in and sign-out
 * (as Laravel regenerates it). Failure: 419 'La session a expiré. Rechargez la page.'
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SecretBox } from '../lib/app-key';
import { SESSION_COOKIE, sessionIdOf } from './session';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_EXPIRED = 'La session a expiré. Rechargez la page.';

/** What a token is bound to: the session id of a session cookie token, or `anon`. */
function bindingOf(sessionToken: string | undefined): string {
  return sessionToken ? 's:' + sessionIdOf(sessionToken) : 'anon';
}

function signature(box: SecretBox, binding: string, rand: string): string {
  return box.sign(`${binding}|${rand}`);
}

/**
 * A new signed token for the session of cookie token `sessionToken` (undefined: no session).
 */
export function newCsrfToken(box: SecretBox, sessionToken?: string): string {
  const rand = crypto.randomBytes(24).toString('base64url');
  return `${rand}.${signature(box, bindingOf(sessionToken), rand)}`;
}

/** Sets the readable `XSRF-TOKEN` cookie to `token`. */
export function setCsrfCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure, httpOnly: false, maxAge: 12 * 3600 });
}

/**
 * Sets the readable `XSRF-TOKEN` cookie for the request's session, reusing the current one when it is
 * valid for that session (so that open tabs keep working), else a new one.
 */
export function issueCsrfCookie(request: FastifyRequest, reply: FastifyReply, box: SecretBox, secure: boolean): void {
  const current = request.cookies[CSRF_COOKIE];
  const sessionToken = request.cookies[SESSION_COOKIE];
  const token = current && isSignedFor(current, box, sessionToken) ? current : newCsrfToken(box, sessionToken);
  setCsrfCookie(reply, token, secure);
}

function isSignedFor(token: string, box: SecretBox, sessionToken: string | undefined): boolean {
  const [rand, sig, extra] = token.split('.');
  if (!rand || !sig || extra !== undefined) return false;
  const expected = Buffer.from(signature(box, bindingOf(sessionToken), rand));
  const given = Buffer.from(sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/**
 * True when the request's header token equals its cookie token and carries a valid signature for the
 * session cookie sent with the request.
 */
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
  return a.length === b.length && crypto.timingSafeEqual(a, b) && isSignedFor(cookie, box, request.cookies[SESSION_COOKIE]);
}
