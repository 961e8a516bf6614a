/**
 * Routes of SPEC section 7 "Profile" under `/api/profile`, and `GET /avatars/{key}.webp` which serves
 * avatars to signed-in administrators (outside `/api` so that `<img>` can load it).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, messageBody } from '../../../contract/fields';
import { avatarResponse, passwordUpdateBody, profileResponse, profileUpdateBody } from '../../../contract/profile';
import type { AppContext } from '../../context';
import { fieldError } from '../../http/errors';
import { authenticate, unauthenticated } from '../../http/guard';
import { DONE_MESSAGE } from '../../http/status-routes';
import { avatarUrl, DEFAULT_AVATAR_URL } from '../admins';
import { AVATAR_TEXTS } from './avatar';
import { toProfile } from './mapping';
import { avatarImage, changePassword, removeAvatar, setAvatar, updateProfile } from './service';

const tags = ['Profil'];

/** Registers `/api/profile/*`. */
export function profileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;

    r.get('/getAuthUser', { schema: { tags, response: { 200: profileResponse, ...errorResponses(401) } } }, async (req) =>
      toProfile(req.admin!),
    );

    r.post(
      '/updateAuthUser',
      { schema: { tags, body: profileUpdateBody, response: { 200: profileResponse, ...errorResponses(401, 419, 422) } } },
      async (req) => toProfile(await updateProfile(db, req.admin!.id, req.body)),
    );

    r.post(
      '/uploadAvatarAuthUser',
      { schema: { tags, consumes: ['multipart/form-data'], response: { 200: avatarResponse, ...errorResponses(401, 419, 422) } } },
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
      { schema: { tags, response: { 200: avatarResponse, ...errorResponses(401, 419) } } },
      async (req) => {
        await removeAvatar(db, req.admin!.id);
        return { avatar_url: DEFAULT_AVATAR_URL };
      },
    );

    r.post(
      '/updatePasswordAuthUser',
      { schema: { tags, body: passwordUpdateBody, response: { 200: messageBody, ...errorResponses(401, 419, 422, 429) } } },
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
