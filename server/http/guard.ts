/**
 * The `/api` guard (CONVENTIONS.md section 3), one `onRequest` hook for every route:
 * 1. `X-Requested-With: XMLHttpRequest` is required (400 otherwise), except on the docs pages;
 * 2. every non-GET call needs the CSRF header (419);
 * 3. every route needs a signed-in, active administrator (401 'Non authentifié.') unless its route
 *    config says `public: true`.
 * A route whose config says `bearer: true` (the RNE feed push, called by external workers) skips all
 * three: it authenticates each call with its own bearer token, which a browser never sends by itself, so
 * neither the session nor the CSRF and X-Requested-With headers apply.
 * 4. with MFA_REQUIRED, an administrator without a second factor gets 403 `{message, code:
 *    'mfa_enrolment_required'}` on every route but those whose config says `mfaEnrol: true` (the enrolment).
 * The resolved administrator is put on `request.admin`, its session id on `request.sessionId`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MFA_REASONS, MFA_TEXTS } from '../../contract/mfa';
import type { AppContext } from '../context';
import { CSRF_EXPIRED, csrfValid } from './csrf';
import { SESSION_COOKIE, resolveSession, type AuthAdmin } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    admin?: AuthAdmin;
    sessionId?: string;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, CSRF cookie, logout). */
    public?: boolean;
    /** Authenticated by its own bearer token (checked by the route): no session, CSRF or X-Requested-With. */
    bearer?: boolean;
    /** Reachable under MFA_REQUIRED before the second factor is enrolled (the enrolment and the session probe). */
    mfaEnrol?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const DOCS_PREFIX = '/api/docs';

/** Resolves the session cookie into `request.admin`; returns false when there is none. */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<boolean> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return false;
  const found = await resolveSession(ctx.db, token, { maxAge: ctx.config.sessionMaxAge, idle: ctx.config.sessionIdle });
  if (!found) return false;
  request.admin = found.admin;
  request.sessionId = found.sessionId;
  return true;
}

/** Sends the 401 of the contract. */
export function unauthenticated(reply: FastifyReply) {
  return reply.status(401).send({ message: 'Non authentifié.' });
}

/**
 * The path the guard judges (also used by the other `/api`-wide hooks): the matched route's pattern when it is under `/api`, else the
 * percent-decoded request path. Never the raw `request.url` alone: the router decodes `/%61pi/...`
 * to `/api/...` before matching, and unknown URLs may match a catch-all (static files) pattern.
 */
export function guardedPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern && isApiPath(pattern)) return pattern;
  const raw = request.url.split('?')[0];
  try {
    return decodeURIComponent(raw);
  } catch {
    // A malformed escape elsewhere in the path (a router error): the ASCII escapes still decode, so
    // `/%61pi/...` is judged as `/api/...`.
    return raw.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
}

/** True for `/api` and every path under it. */
export function isApiPath(p: string): boolean {
  return p === '/api' || p.startsWith('/api/');
}

/** Registers the guard on the root instance (applies to routes of every plugin). */
export function registerApiGuard(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request, reply) => {
    const url = guardedPath(request);
    if (!isApiPath(url)) return;
    if (request.routeOptions.config?.bearer === true) return;
    const isDocs = url === DOCS_PREFIX || url.startsWith(DOCS_PREFIX + '/');
    if (!isDocs && request.headers['x-requested-with'] !== 'XMLHttpRequest') {
      return reply.status(400).send({ message: "L’en-tête X-Requested-With: XMLHttpRequest est requis." });
    }
    if (!SAFE_METHODS.has(request.method) && !csrfValid(request, ctx.box)) {
      return reply.status(419).send({ message: CSRF_EXPIRED });
    }
    if (request.routeOptions.config?.public === true) return;
    if (!(await authenticate(ctx, request))) return unauthenticated(reply);
    if (ctx.config.mfaRequired && !request.admin!.mfaEnabled && request.routeOptions.config?.mfaEnrol !== true) {
      return reply.status(403).send({ message: MFA_TEXTS.enrolmentRequired, code: MFA_REASONS.enrolmentRequired });
    }
  });
}
