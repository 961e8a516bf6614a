/**
 * The public feed push: `POST /api/feeds/queues/{accounts|officers}` with
 * `Authorization: Bearer <FEED_TOKEN>` and the body `{sirens: string[], reason?: string}`, for external workers.
 * No session, CSRF or X-Requested-With (route config `bearer`, server/http/guard.ts): the token is checked
 * first, before the body is validated, in constant time (SHA-256 of both sides compared by
 * `crypto.timingSafeEqual`, so neither the content nor the length leaks). Without FEED_TOKEN the call is off
 * (404); a missing or wrong token is a 401. One push carries at most FEED_PUSH_MAX_SIRENS SIRENs (10,000, the
 * contract's cap of one add, unless set lower; above: 422 `errors.sirens`, nothing queued), and a push that would take
 * the queue past FEED_PUSH_MAX_WAITING waiting entries is refused whole (429, nothing queued). The SIRENs are validated
 * like the manual add (422 `errors.sirens` with their positions) and queued with the reason (default `Flux
 * externe`), with the call's audit entry (system actor `feed-push`, resource `rne_queue`); the worker is woken after
 * the commit.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/fields';
import { queueParams, queueSirensBody, queueSirensResult } from '../../../contract/rne';
import type { AppContext } from '../../context';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { paramId } from '../../http/audit';
import { AppError, fieldError } from '../../lib/errors';
import { queueSirens, REASON_FEED } from './queues';
import { wakeRneWorker } from './worker';

/** 401 of a missing or wrong token. */
export const FEED_TOKEN_REFUSED = 'Jeton de flux absent ou invalide.';
/** 404 of the call while FEED_TOKEN is unset. */
export const FEED_PUSH_OFF = 'Ressource introuvable.';

/** Refusal of a push that would take `queue` past `max` waiting entries (it holds `waiting`). */
export function queueFull(queue: string, waiting: number, max: number): string {
  return `La file ${queue} compte déjà ${waiting.toLocaleString('fr-FR')} sirens en attente (au plus ${max.toLocaleString('fr-FR')} pour le flux)\u00a0: réessayez quand elle aura avancé.`;
}

/** Refusal of a push of more than `max` SIRENs (the wording of the contract's own cap). */
export function tooManySirens(max: number): string {
  return `Au plus ${max.toLocaleString('fr-FR')} sirens par envoi.`;
}

const digest = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest();

/** Whether the `Authorization` header carries `expected` as a bearer token, compared in constant time. */
export function bearerMatches(header: string | undefined, expected: string): boolean {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  // A missing header is compared too, so that its answer takes the same time as a wrong token's.
  return crypto.timingSafeEqual(digest(m?.[1] ?? ''), digest(expected)) && m !== null;
}

/** Registers `POST /queues/:queue` (under `/api/feeds`). */
export function feedPushRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const checkToken = async (req: FastifyRequest, reply: FastifyReply) => {
      const expected = ctx.config.feedToken;
      if (!expected) return reply.status(404).send({ message: FEED_PUSH_OFF });
      if (!bearerMatches(req.headers.authorization, expected)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send({ message: FEED_TOKEN_REFUSED });
      }
    };
    app.withTypeProvider<ZodTypeProvider>().post(
      '/queues/:queue',
      {
        config: { bearer: true, audit: { resource: 'rne_queue', action: 'push', id: paramId('queue') } },
        onRequest: checkToken,
        schema: {
          tags: ['Flux'],
          description: 'Ajoute des sirens à une file différentielle, avec le jeton FEED_TOKEN en en-tête « Authorization » (schéma Bearer). Désactivé (404) sans FEED_TOKEN.',
          params: queueParams,
          body: queueSirensBody,
          response: { 200: queueSirensResult, ...errorResponses(401, 404, 422, 429) },
        },
      },
      async (req) => {
        const { queue } = req.params;
        const max = ctx.config.feedPushMaxSirens;
        if (req.body.sirens.length > max) throw fieldError('sirens', tooManySirens(max));
        // The backlog a push may build: read from the queue's kept counts (one row), so the check costs nothing.
        const [counts] = await rowsOf<{ waiting: number }>(ctx.db, sql`select waiting::int as waiting from rne_queue_counts where queue = ${queue}`);
        const waiting = Number(counts?.waiting ?? 0);
        if (waiting + req.body.sirens.length > ctx.config.feedPushMaxWaiting) {
          throw new AppError(429, queueFull(queue, waiting, ctx.config.feedPushMaxWaiting));
        }
        const result = await queueSirens(ctx.db, queue, req.body.sirens, req.body.reason ?? REASON_FEED);
        if (result.queued > 0) await wakeRneWorker(ctx, queue);
        return result;
      },
    );
  };
}
