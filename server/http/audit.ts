/**
 * The HTTP side of the audit trail (server/lib/audit.ts; docs/audit.md):
 *
 * - every request runs in an audit scope: the signed-in administrator (id, email at the time), `request.ip`, the
 *   user agent and the first 16 hex characters of the session id (itself a SHA-256 of the cookie token); a call of
 *   the feed push (`bearer` route) acts as the system actor `feed-push`. The route gives the default resource (the
 *   `/api/<segment>` of its pattern), action (the rest of the pattern) and id (`:id`);
 * - `request.audit(entry, db?)` records one entry (on `db`, the write's transaction, when given);
 * - safety net: a successful write (`/api`, not GET/HEAD/OPTIONS, status below 400) that recorded nothing gets
 *   one entry with the route's defaults before its answer is sent, so that no write route goes unrecorded. Lists
 *   read through POST (`…/filter…`, `listbysiren`) and routes whose config says `audit: false` are reads;
 * - reading secrets is recorded (`reveal`): the routes of `SECRET_READS`, whose answers carry API secrets or RNE
 *   passwords in clear.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { recordAudit, runInAuditScope, type AuditActor, type AuditEntry, type AuditScope } from '../lib/audit';
import { isApiPath } from './guard';
import { sessionIdOf } from './session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Records one audit entry for this request (server/lib/audit.ts `recordAudit`); `db`: the write's transaction. */
    audit(entry: Partial<AuditEntry>, db?: Pick<Db, 'insert'>): Promise<void>;
  }
  interface FastifyContextConfig {
    /** `false`: a POST route that only reads (the safety net records nothing for it). */
    audit?: false;
  }
}

/** GET routes whose answer carries secrets in clear: each successful call is recorded as a `reveal`. */
export const SECRET_READS: Readonly<Record<string, string>> = {
  '/api/customers/all': 'api_customers',
  '/api/customers/getUserRoles/:id': 'api_customers',
  // The officers pool's list only: the other answers about RNE accounts carry `password: null`.
  '/api/supervisions/inpiall': 'rne_accounts',
};

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Last path segment of a POST that reads (a list's `filter`, `filtersirens`, `filtertemporaries`, `listbysiren`). */
const READ_SEGMENT = /^(filter\w*|listbysiren)$/;

/** The route's default resource, action and id: `/api/<resource>/<action…>` (its parameters filled in but `:id`), `:id` (or the body's `id`) as the id. */
export function routeDefaults(req: FastifyRequest): Partial<AuditEntry> {
  const pattern = req.routeOptions.url ?? req.url.split('?')[0];
  const [, , resource = 'api', ...rest] = pattern.split('/');
  const params = (req.params ?? {}) as Record<string, unknown>;
  const id = params.id ?? (req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>).id : undefined);
  return {
    resource,
    // Parameters other than the id are part of the action (`queues/officers/parked/bulk/requeue`).
    action: rest.map((seg) => (seg.startsWith(':') && seg !== ':id' ? String(params[seg.slice(1)] ?? seg) : seg)).join('/') || req.method.toLowerCase(),
    resourceId: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
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

/** True for a write the safety net must see recorded. */
function isWrite(req: FastifyRequest): boolean {
  if (SAFE.has(req.method) || req.routeOptions.config?.audit === false) return false;
  const pattern = req.routeOptions.url;
  if (!pattern || !isApiPath(pattern)) return false;
  const last = pattern.split('/').filter((s) => !s.startsWith(':')).pop() ?? '';
  if (READ_SEGMENT.test(last)) return false;
  // Sign-in, sign-out and the CSRF cookie act on no record (nobody is signed in for them).
  return Boolean(req.admin) || req.routeOptions.config?.bearer === true;
}

const scopes = new WeakMap<FastifyRequest, AuditScope>();

/** Registers the audit scope, `request.audit` and the safety net on the root instance (before the `/api` guard). */
export function registerAudit(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('audit', function (this: FastifyRequest, entry: Partial<AuditEntry>, db?: Pick<Db, 'insert'>) {
    return recordAudit(db ?? ctx.db, entry);
  });
  app.addHook('onRequest', (req, _reply, done) => {
    const scope: AuditScope = { who: () => actorOf(req), defaults: () => routeDefaults(req), recorded: 0 };
    scopes.set(req, scope);
    runInAuditScope(scope, done);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const scope = scopes.get(req);
    if (!scope || reply.statusCode >= 400) return payload;
    const pattern = req.routeOptions.url ?? '';
    const secretOf = req.method === 'GET' ? SECRET_READS[pattern] : undefined;
    try {
      if (secretOf && req.admin) {
        await runInAuditScope(scope, () => recordAudit(ctx.db, { resource: secretOf, action: 'reveal', details: { route: pattern } }));
      } else if (scope.recorded === 0 && isWrite(req)) {
        await runInAuditScope(scope, () => recordAudit(ctx.db, { details: { route: `${req.method} ${pattern}`, status: reply.statusCode } }));
      }
    } catch (err) {
      req.log.error({ err }, 'audit entry not written');
    }
    return payload;
  });
}

/** The sign-in steps the audit records: the password accepted, the second factor accepted, the sign-out. */
export type AuthEvent = 'sign_in' | 'sign_in_code' | 'sign_out';

/**
 * Records a sign-in step of `admin` (resource `sessions`, id the administrator's), who is not yet — or no longer —
 * the request's administrator: the entry names them, with the request's IP and user agent and the session the step
 * opened or closed (`token`, kept as the first 16 hex characters of its hash, as every entry's session).
 * @throws the database's error
 */
export function recordAuthEvent(db: Pick<Db, 'insert'>, req: FastifyRequest, admin: { id: number; email: string }, action: AuthEvent, token?: string): Promise<void> {
  const who = (): AuditActor => ({
    actor: 'admin',
    adminId: admin.id,
    adminEmail: admin.email,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    sessionRef: token ? sessionIdOf(token).slice(0, 16) : null,
  });
  return runInAuditScope({ who, recorded: 0 }, () => recordAudit(db, { resource: 'sessions', resourceId: admin.id, action }));
}
