/**
 * Routes of SPEC section 7 "Profile" under `/api/profile`, and `GET /avatars/{key}.webp` which serves
 * avatars to signed-in administrators (outside `/api` so that `<img>` can load it).
 * Also the second factor of the profile (« Double authentification »: `mfa`, `mfa/setup`, `mfa/enable`,
 * `mfa/disable`) and « Mes sessions » (`sessions`, `sessions/{id}/revoke`, `sessions/revoke-others`).
 * Under MFA_REQUIRED an administrator without a second factor reaches only the routes marked `mfaEnrol`.
 * Audit trail (server/http/audit.ts): the writes of one's own record declare resource `admins` with one's own id,
 * those of one's sessions resource `sessions`; each is recorded in its write's transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, messageBody } from '../../../contract/fields';
import {
  mfaCodeBody,
  mfaRecoveryCodesResponse,
  mfaSetupResponse,
  mfaStatusResponse,
  MFA_TEXTS,
  revokedCountResponse,
  sessionParams,
  sessionResponse,
} from '../../../contract/mfa';
import { avatarResponse, passwordUpdateBody, profileResponse, profileUpdateBody } from '../../../contract/profile';
import type { AppContext } from '../../context';
import { fieldError, notFound } from '../../lib/errors';
import { listSessions, revokeSession, endSessions } from '../../http/session';
import { confirmEnrolment, disableMfa, mfaStatus, startEnrolment } from '../auth';
import { selfId, type AuditDeclaration } from '../../http/audit';
import { authenticate, unauthenticated } from '../../http/guard';
import { auditedWrite } from '../../lib/audit';
import { DONE_MESSAGE } from '../../http/status-routes';
import { avatarUrl, DEFAULT_AVATAR_URL } from '../admins';
import { AVATAR_TEXTS } from './avatar';
import { toProfile } from './mapping';
import { avatarImage, changePassword, removeAvatar, setAvatar, updateProfile } from './service';
import { toSessionResponse } from './sessions';

const tags = ['Profil'];

/** The audit entry of a write of one's own record (`admins`) or sessions (`sessions`), with one's own id. */
const own = (resource: 'admins' | 'sessions', action: string): AuditDeclaration => ({ resource, action, id: selfId });

/** Registers `/api/profile/*`. */
export function profileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;

    r.get('/getAuthUser', { config: { mfaEnrol: true }, schema: { tags, response: { 200: profileResponse, ...errorResponses(401) } } }, async (req) =>
      toProfile(req.admin!),
    );

    const mfaTags = ['Double authentification'];
    const statusOf = async (adminId: number) => {
      const st = await mfaStatus(db, adminId);
      return {
        enabled: st.enabledAt !== null,
        enabled_at: st.enabledAt?.toISOString() ?? null,
        recovery_codes_left: st.recoveryCodesLeft,
        required: ctx.config.mfaRequired,
      };
    };

    r.get('/mfa', { config: { mfaEnrol: true }, schema: { tags: mfaTags, response: { 200: mfaStatusResponse, ...errorResponses(401) } } }, async (req) =>
      statusOf(req.admin!.id),
    );

    r.post(
      '/mfa/setup',
      { config: { mfaEnrol: true, audit: own('admins', 'mfa_setup') }, schema: { tags: mfaTags, response: { 200: mfaSetupResponse, ...errorResponses(401, 419, 422) } } },
      async (req) => startEnrolment(db, ctx.box, req.admin!),
    );

    r.post(
      '/mfa/enable',
      {
        config: { mfaEnrol: true, audit: own('admins', 'mfa_enable') },
        schema: { tags: mfaTags, body: mfaCodeBody, response: { 200: mfaRecoveryCodesResponse, ...errorResponses(401, 419, 422, 429) } },
      },
      async (req) => {
        return { recovery_codes: await confirmEnrolment(db, ctx.box, req.admin!.id, req.ip, req.body.code, req.sessionId) };
      },
    );

    r.post(
      '/mfa/disable',
      { config: { audit: own('admins', 'mfa_disable') }, schema: { tags: mfaTags, body: mfaCodeBody, response: { 200: mfaStatusResponse, ...errorResponses(401, 419, 422, 429) } } },
      async (req) => {
        await disableMfa(db, ctx.box, req.admin!.id, req.ip, req.body.code, ctx.config.mfaRequired);
        return statusOf(req.admin!.id);
      },
    );

    const sessionTags = ['Mes sessions'];
    r.get('/sessions', { schema: { tags: sessionTags, response: { 200: z.array(sessionResponse), ...errorResponses(401) } } }, async (req) =>
      (await listSessions(db, req.admin!.id)).map((row) => toSessionResponse(row, req.sessionId)),
    );

    r.post(
      '/sessions/:sessionId/revoke',
      { config: { audit: own('sessions', 'revoke') }, schema: { tags: sessionTags, params: sessionParams, response: { 204: z.null(), ...errorResponses(401, 404, 419) } } },
      async (req, reply) => {
        const revoked = await auditedWrite(
          db,
          (tx) => revokeSession(tx, req.admin!.id, req.params.sessionId),
          (done) => (done ? { details: { session: req.params.sessionId.slice(0, 16) } } : null),
        );
        if (!revoked) throw notFound(MFA_TEXTS.sessionNotFound);
        return reply.status(204).send(null);
      },
    );

    r.post(
      '/sessions/revoke-others',
      { config: { audit: own('sessions', 'revoke_others') }, schema: { tags: sessionTags, response: { 200: revokedCountResponse, ...errorResponses(401, 419) } } },
      async (req) => ({
        count: await auditedWrite(db, (tx) => endSessions(tx, req.admin!.id, req.sessionId), (n) => (n ? { details: { count: n } } : null)),
      }),
    );

    r.post(
      '/updateAuthUser',
      { config: { audit: own('admins', 'profile') }, schema: { tags, body: profileUpdateBody, response: { 200: profileResponse, ...errorResponses(401, 419, 422) } } },
      async (req) => toProfile(await updateProfile(db, req.admin!.id, req.body)),
    );

    r.post(
      '/uploadAvatarAuthUser',
      { config: { audit: own('admins', 'avatar') }, schema: { tags, consumes: ['multipart/form-data'], response: { 200: avatarResponse, ...errorResponses(401, 419, 422) } } },
      async (req) => {
        let data: Buffer | undefined;
        try {
          const part = await req.file();
          if (part && part.fieldname === 'file') data = await part.toBuffer();
        } catch (err) {
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('file', AVATAR_TEXTS.tooBig);
          throw fieldError('file', AVATAR_TEXTS.missing);
        }
        if (!data) throw fieldError('file', AVATAR_TEXTS.missing);
        return { avatar_url: avatarUrl(await setAvatar(db, req.admin!.id, data)) };
      },
    );

    r.post(
      '/removeAvatarAuthUser',
      { config: { audit: own('admins', 'avatar_remove') }, schema: { tags, response: { 200: avatarResponse, ...errorResponses(401, 419) } } },
      async (req) => {
        await removeAvatar(db, req.admin!.id);
        return { avatar_url: DEFAULT_AVATAR_URL };
      },
    );

    r.post(
      '/updatePasswordAuthUser',
      { config: { audit: own('admins', 'password') }, schema: { tags, body: passwordUpdateBody, response: { 200: messageBody, ...errorResponses(401, 419, 422, 429) } } },
      async (req) => {
        await changePassword(db, { id: req.admin!.id, sessionId: req.sessionId, ip: req.ip }, req.body);
        return { message: DONE_MESSAGE };
      },
    );
  };
}

/** Registers `GET /avatars/:file` (session required, immutable cache: the key changes on every upload). */
export function avatarFileRoute(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/avatars/:file',
      { schema: { hide: true, params: z.object({ file: z.string().max(200) }) } },
      async (req, reply) => {
        if (!(await authenticate(ctx, req))) return unauthenticated(reply);
        const m = /^([0-9]+-[A-Za-z0-9_-]+)\.webp$/.exec(req.params.file);
        const image = m ? await avatarImage(ctx.db, m[1]) : undefined;
        if (!image) return reply.status(404).send({ message: 'Ressource introuvable.' });
        return reply
          .header('content-type', 'image/webp')
          .header('cache-control', 'private, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(image);
      },
    );
  };
}
