/**
 * Sign-in calls of CONVENTIONS.md section 3: `GET /api/csrf-cookie`, `POST /api/login`, `POST /api/logout`.
 * All three are public (no session needed); login and logout still need the CSRF header. Sign-in and
 * sign-out set a new `XSRF-TOKEN` bound to the new session, or to no session.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBody } from '../../../contract/auth';
import { errorResponses } from '../../../contract/fields';
import { profileResponse } from '../../../contract/profile';
import type { AppContext } from '../../context';
import { issueCsrfCookie, newCsrfToken, setCsrfCookie } from '../../http/csrf';
import { SESSION_COOKIE, createSession, destroySession } from '../../http/session';
import { toProfile } from '../profile';
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
      { config: { public: true }, schema: { tags, body: loginBody, response: { 200: profileResponse, ...errorResponses(419, 422, 429) } } },
      async (req, reply) => {
        const admin = await checkCredentials(db, req.body.email, req.body.password, req.ip);
        const previous = req.cookies[SESSION_COOKIE];
        if (previous) await destroySession(db, previous);
        const token = await createSession(db, admin.id, req.ip, req.headers['user-agent']);
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: config.sessionMaxAge });
        setCsrfCookie(reply, newCsrfToken(ctx.box, token), config.cookieSecure);
        return toProfile(admin);
      },
    );

    r.post('/logout', { config: { public: true }, schema: { tags, response: { 204: z.null(), ...errorResponses(419) } } }, async (req, reply) => {
      const token = req.cookies[SESSION_COOKIE];
      if (token) await destroySession(db, token);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
      setCsrfCookie(reply, newCsrfToken(ctx.box), config.cookieSecure);
      return reply.status(204).send(null);
    });
  };
}
