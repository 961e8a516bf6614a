/**
 * Sign-in calls of CONVENTIONS.md section 3: `GET /api/csrf-cookie`, `POST /api/login`, `POST /api/logout`,
 * and the second factor: `POST /api/login/code` (the code step of a sign-in), `POST /api/mfa/step-up`
 * (a fresh code before a sensitive operation) and `POST /api/admins/{id}/sessions/revoke` (the super admin
 * ends every session of an administrator).
 * The sign-in calls are public (no session needed); they still need the CSRF header. Sign-in and
 * sign-out set a new `XSRF-TOKEN` bound to the new session, or to no session.
 *
 * An administrator with a second factor gets, after the right password, a 202 `{two_factor: true}` and a
 * pending session cookie that serves nothing but `POST /api/login/code` for 5 minutes; the right code
 * replaces it by a full session (new id).
 *
 * Audit trail (server/http/audit.ts): each call that opens, marks or ends sessions declares its entry (resource
 * `sessions`, id the administrator's) and writes it in the transaction of the sessions it changes. Sign-in, the code
 * step and sign-out name the administrator of the credentials or of the session (`recordAuthEvent`), who is not the
 * request's; a wrong code is recorded on its own (`mfa_failed`, server/modules/auth/mfa.ts). The CSRF cookie writes
 * nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUPER_ADMIN_ID } from '../../../contract/admin-rules';
import { loginBody } from '../../../contract/auth';
import { errorResponses, idParams, messageBody } from '../../../contract/fields';
import { loginChallengeResponse, mfaCodeBody, MFA_TEXTS, revokedCountResponse } from '../../../contract/mfa';
import { profileResponse } from '../../../contract/profile';
import type { AppContext } from '../../context';
import { asAdmin, paramId, recordAuthEvent, selfId } from '../../http/audit';
import { auditedWrite } from '../../lib/audit';
import { issueCsrfCookie, newCsrfToken, setCsrfCookie } from '../../http/csrf';
import { AppError, fieldError } from '../../lib/errors';
import {
  MFA_PENDING_SECONDS,
  SESSION_COOKIE,
  createSession,
  destroySession,
  markMfaVerified,
  resolvePendingSession,
  endSessions,
} from '../../http/session';
import { getAdmin } from '../admins';
import { toProfile } from '../profile';
import { hasMfa, verifySecondFactor } from './mfa';
import { checkCredentials } from './service';

const tags = ['Authentification'];

/** Registers the sign-in routes under `/api`. */
export function authRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db, config } = ctx;
    const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure };

    r.get('/csrf-cookie', { config: { public: true }, schema: { tags, response: { 204: z.null() } } }, async (req, reply) => {
      issueCsrfCookie(req, reply, ctx.box, config.cookieSecure);
      return reply.status(204).send(null);
    });

    r.post(
      '/login',
      {
        config: { public: true, audit: { resource: 'sessions', action: 'sign_in' } },
        schema: { tags, body: loginBody, response: { 200: profileResponse, 202: loginChallengeResponse, ...errorResponses(419, 422, 429) } },
      },
      async (req, reply) => {
        const admin = await checkCredentials(db, req.body.email, req.body.password, req.ip);
        const previous = req.cookies[SESSION_COOKIE];
        const mfaPending = await hasMfa(db, admin.id);
        const token = await db.transaction(async (tx) => {
          if (previous) await destroySession(tx, previous);
          const opened = await createSession(tx, admin.id, req.ip, req.headers['user-agent'], { mfaPending });
          // Audit trail: the password accepted (the second factor, when asked, is a step of its own).
          await recordAuthEvent(tx, req, admin, 'sign_in', opened);
          return opened;
        });
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: mfaPending ? MFA_PENDING_SECONDS : config.sessionMaxAge });
        setCsrfCookie(reply, newCsrfToken(ctx.box, token), config.cookieSecure);
        if (mfaPending) return reply.status(202).send({ two_factor: true, message: 'Saisissez le code de vérification.' });
        return toProfile(admin);
      },
    );

    r.post(
      '/login/code',
      {
        config: { public: true, audit: { resource: 'sessions', action: 'sign_in_code' } },
        schema: { tags, body: mfaCodeBody, response: { 200: profileResponse, ...errorResponses(419, 422, 429) } },
      },
      async (req, reply) => {
        const token = req.cookies[SESSION_COOKIE];
        const pending = token ? await resolvePendingSession(db, token) : null;
        if (!token || !pending) throw fieldError('code', MFA_TEXTS.pendingExpired);
        const admin = await getAdmin(db, pending.adminId);
        // A wrong code is recorded under the administrator of the pending sign-in, with its session.
        await asAdmin(req, admin, token, () => verifySecondFactor(db, ctx.box, admin.id, req.ip, req.body.code, { recovery: true, step: 'sign_in' }));
        if (admin.status !== 1) {
          await destroySession(db, token);
          throw fieldError('code', MFA_TEXTS.pendingExpired);
        }
        const full = await db.transaction(async (tx) => {
          await destroySession(tx, token);
          const opened = await createSession(tx, admin.id, req.ip, req.headers['user-agent'], { mfaVerified: true });
          await recordAuthEvent(tx, req, admin, 'sign_in_code', opened);
          return opened;
        });
        reply.setCookie(SESSION_COOKIE, full, { ...cookieOptions, maxAge: config.sessionMaxAge });
        setCsrfCookie(reply, newCsrfToken(ctx.box, full), config.cookieSecure);
        return toProfile(admin);
      },
    );

    r.post(
      '/mfa/step-up',
      {
        config: { audit: { resource: 'sessions', action: 'step_up', id: selfId } },
        schema: { tags, body: mfaCodeBody, response: { 204: z.null(), ...errorResponses(401, 419, 422, 429) } },
      },
      async (req, reply) => {
        await verifySecondFactor(db, ctx.box, req.admin!.id, req.ip, req.body.code, { step: 'step_up' });
        await auditedWrite(db, (tx) => markMfaVerified(tx, req.sessionId!));
        return reply.status(204).send(null);
      },
    );

    r.post(
      '/admins/:id/sessions/revoke',
      {
        config: { audit: { resource: 'sessions', action: 'revoke_all', id: paramId() } },
        schema: { tags, params: idParams, response: { 200: revokedCountResponse, 403: messageBody, ...errorResponses(401, 404, 419) } },
      },
      async (req) => {
        if (req.admin!.id !== SUPER_ADMIN_ID) throw new AppError(403, MFA_TEXTS.superAdminOnly);
        const target = await getAdmin(db, req.params.id);
        // The super admin ending its own sessions keeps the one it is using.
        const keep = target.id === req.admin!.id ? req.sessionId : undefined;
        const count = await auditedWrite(db, (tx) => endSessions(tx, target.id, keep), (n) => (n ? { details: { count: n } } : null));
        return { count };
      },
    );

    r.post('/logout', { config: { public: true, audit: { resource: 'sessions', action: 'sign_out' } }, schema: { tags, response: { 204: z.null(), ...errorResponses(419) } } }, async (req, reply) => {
      const token = req.cookies[SESSION_COOKIE];
      if (token) {
        await db.transaction(async (tx) => {
          const adminId = await destroySession(tx, token);
          const admin = adminId === null ? null : await getAdmin(tx, adminId).catch(() => null);
          if (admin) await recordAuthEvent(tx, req, admin, 'sign_out', token);
        });
      }
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      setCsrfCookie(reply, newCsrfToken(ctx.box), config.cookieSecure);
      return reply.status(204).send(null);
    });
  };
}
