/**
 * `GET /`: the address users type serves the app. A signed-in administrator (valid,
 * unexpired session cookie) is sent to `/home`, anyone else to `/login`, by a 302 that is never cached
 * (`Cache-Control: no-store`, `Vary: Cookie`) since its target depends on the session.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { authenticate } from './guard';

/** Registers `GET /` (and its HEAD). */
export function rootRedirectRoute(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/', { schema: { hide: true } }, async (req, reply) => {
      const signedIn = await authenticate(ctx, req);
      return reply.header('cache-control', 'no-store').header('vary', 'Cookie').redirect(signedIn ? '/home' : '/login', 302);
    });
  };
}
