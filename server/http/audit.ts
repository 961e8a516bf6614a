/**
 * The HTTP side of the audit trail (server/lib/audit.ts; docs/audit.md):
 *
 * - every route that changes state declares its entry in its definition, `config: { audit: { resource, action,
 *   id? } }` (`AuditDeclaration`); a read declares nothing. The declaration is the default of the entries the route's
 *   write records in its own transaction (`auditedWrite`, `recordAudit`); nothing is written after the answer;
 * - every request runs in an audit scope: the signed-in administrator (id, email at the time), `request.ip`, the
 *   user agent and the first 16 hex characters of the session id (itself a SHA-256 of the cookie token); a call of
 *   the feed push (`bearer` route) acts as the system actor `feed-push`;
 * - the one declaration a read may carry is `reveal`: the answer carries secrets in clear, and one entry is recorded
 *   per successful answer before it is sent (when it cannot be written, the request fails and nothing is disclosed);
 * - sign-in, the second-factor code and sign-out name the administrator of the credentials, who is not yet (or no
 *   longer) the request's: `recordAuthEvent` and `asAdmin`. The CSRF cookie writes nothing and declares nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { recordAudit, runInAuditScope, withActor, type AuditActor, type AuditEntry, type AuditScope } from '../lib/audit';
import { sessionIdOf } from './session';

/**
 * The audit entry a route declares: what its write records (docs/audit.md). `resource` and `action` name
 * the entry (labels in contract/audit-text.ts); `id` reads the id of the record the request touches (a path
 * parameter, the body's id); a write that creates its record gives the id itself.
 */
export interface AuditDeclaration {
  resource: string | ((req: FastifyRequest) => string);
  action: string | ((req: FastifyRequest) => string);
  id?: (req: FastifyRequest) => string | number | null | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The audit entry the route's write records (absent: the route only reads). */
    audit?: AuditDeclaration;
  }
}

/** The action of the one declaration a read may carry: its answer carries secrets in clear. */
export const REVEAL = 'reveal';

/** `id` of a declaration: the path parameter `name` (default `id`). */
export const paramId =
  (name = 'id') =>
  (req: FastifyRequest): string | number | undefined =>
    (req.params as Record<string, string | number | undefined>)[name];

/** `id` of a declaration: the body's `id` (a record sent as body). */
export const bodyId = (req: FastifyRequest): string | number | undefined => {
  const body = req.body as { id?: unknown } | undefined;
  return typeof body?.id === 'string' || typeof body?.id === 'number' ? body.id : undefined;
};

/** `id` of a declaration: the signed-in administrator's own id (their profile, their sessions). */
export const selfId = (req: FastifyRequest): number | undefined => req.admin?.id;

/** The entry a route declares, evaluated on its request (resource, action, id); undefined for a read. */
export function declaredEntry(req: FastifyRequest): Partial<AuditEntry> | undefined {
  const d = req.routeOptions.config?.audit;
  if (!d) return undefined;
  const id = d.id?.(req);
  return {
    resource: typeof d.resource === 'function' ? d.resource(req) : d.resource,
    action: typeof d.action === 'function' ? d.action(req) : d.action,
    ...(id === undefined || id === null ? {} : { resourceId: String(id) }),
  };
}

/** The actor of a request: its administrator, the feed push (system), or nobody signed in (system). */
function actorOf(req: FastifyRequest): AuditActor {
  if (req.admin) {
    return {
      actor: 'admin',
      adminId: req.admin.id,
      adminEmail: req.admin.email,
      ip: req.ip,
      userAgent: req.headers['user-agent'] ?? null,
      sessionRef: req.sessionId?.slice(0, 16) ?? null,
    };
  }
  return { actor: 'system', source: req.routeOptions.config?.bearer ? 'feed-push' : 'anonymous' };
}

/** Registers the audit scope of each request and the record of reveals, on the root instance (before the `/api` guard). */
export function registerAudit(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', (req, _reply, done) => {
    const scope: AuditScope = { who: () => actorOf(req), declared: () => declaredEntry(req), entries: [] };
    runInAuditScope(scope, done);
  });
  // A reveal is recorded before its answer leaves: a failure to record it fails the request (500), which sends no secret.
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode < 400 && req.admin && req.routeOptions.config?.audit?.action === REVEAL) await recordAudit(ctx.db);
    return payload;
  });
}

/**
 * Runs `fn` with `admin` as the actor of its entries (with the request's IP and user agent, and the session of
 * `token`, kept as the first 16 hex characters of its hash as every entry's session): a sign-in step names the
 * administrator of the credentials, who is not yet — or no longer — the request's. The route's declaration stays.
 */
export function asAdmin<R>(req: FastifyRequest, admin: { id: number; email: string }, token: string | undefined, fn: () => R): R {
  const who = (): AuditActor => ({
    actor: 'admin',
    adminId: admin.id,
    adminEmail: admin.email,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    sessionRef: token ? sessionIdOf(token).slice(0, 16) : null,
  });
  return withActor(who, fn);
}

/** The sign-in steps the audit records: the password accepted, the second factor accepted, the sign-out. */
export type AuthEvent = 'sign_in' | 'sign_in_code' | 'sign_out';

/**
 * Records a sign-in step of `admin` (resource `sessions`, id the administrator's, the route's declared action) on
 * `db` (the transaction that opened or closed the session), under `admin` with the session of `token` (`asAdmin`).
 * @throws the database's error
 */
export function recordAuthEvent(db: Pick<Db, 'insert'>, req: FastifyRequest, admin: { id: number; email: string }, action: AuthEvent, token?: string): Promise<void> {
  return asAdmin(req, admin, token, () => recordAudit(db, { resource: 'sessions', resourceId: admin.id, action }));
}
