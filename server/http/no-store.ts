/**
 * `Cache-Control: no-store` on every `/api` answer, errors included (ASVS 8.2.1):
 * API answers carry personal data and session-bound tokens that no browser or proxy cache may keep.
 */
import type { FastifyInstance } from 'fastify';
import { guardedPath, isApiPath } from './guard';

/** Registers the `onSend` hook on the root instance (applies to every route, the 404 handler and errors). */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(guardedPath(request))) reply.header('cache-control', 'no-store');
    return payload;
  });
}
