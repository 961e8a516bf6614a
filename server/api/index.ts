/**
 * The customer API: read-only, outside `/api`, with its own credentials, errors, limits and documentation.
 * - `POST /oauth/token` (server/api/oauth.ts): OAuth 2.0 client credentials with the customers' Prod or Sandbox
 *   credentials managed on /customers; limited per client IP (API_TOKEN_RATE_LIMIT per API_RATE_LIMIT_WINDOW_MS);
 * - `/v1/*` (bearer token): companies, updates, news, deals, announcements; a Sandbox token reads the sandbox data
 *   set (server/api/sandbox.ts), never the production database, and gets a 503 problem with `Retry-After` until that
 *   data set, prepared at start-up, is ready;
 * - limits per customer and environment (`@fastify/rate-limit`: API_RATE_LIMIT for Prod, API_RATE_LIMIT_SANDBOX for
 *   Sandbox per window), with the `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` headers of the IETF
 *   draft and 429 problems with `Retry-After`; counters in memory, or in Redis (REDIS_URL) shared by every process;
 *   when Redis cannot be reached, calls are let through at once rather than refused or kept waiting; the keys start
 *   with REDIS_PREFIX, so that two deployments sharing a Redis (customer ids all start at 1) never count each other's
 *   calls;
 * - usage per customer, environment and day (server/api/usage.ts);
 * - errors as RFC 9457 problems (server/http/problem.ts); its own OpenAPI document at `/v1/docs` (server/api/docs.ts).
 * Nothing here uses the back-office session, its CSRF cookie or its `X-Requested-With` rule.
 */
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import type { AppContext } from '../context';
import { announcementsRoutes } from './announcements';
import { databaseOfCaller } from './caller';
import { companiesRoutes } from './companies';
import { dealsRoutes } from './deals';
import { registerCustomerApiDocs } from './docs';
import { newsRoutes } from './news';
import { authenticateCaller, createOAuthServer, handleTokenRequest, oauthErrorHandler } from './oauth';
import { ApiProblem, problemErrorHandler, sendProblem } from '../http/problem';
import { Sandbox, type SandboxPreparation } from './sandbox';
import { tokenError, tokenResponse } from './schemas';
import { purgeExpiredTokens } from './tokens';
import { updatesRoutes } from './updates';
import { UsageRecorder } from './usage';
import { z } from 'zod';

/**
 * What the rest of the server may reach of the customer API: the usage counters (the tests flush them) and the
 * sandbox (server/main.ts starts its preparation).
 */
export interface CustomerApi {
  usage: UsageRecorder;
  sandbox: Sandbox;
}

declare module 'fastify' {
  interface FastifyInstance {
    customerApi: CustomerApi;
  }
}

/** The 429 problem thrown by the rate limiter (`errorResponseBuilder`), with its status for Fastify. */
function tooManyRequests(_req: FastifyRequest, ctx: { ttl: number; statusCode: number }) {
  const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
  return Object.assign(new ApiProblem('too-many-requests', `Limite d’appels atteinte\u00a0: réessayez dans ${seconds}\u00a0s.`), { statusCode: ctx.statusCode });
}

/**
 * Registers `/oauth/token`, `/v1/*` and the API docs on `app`, and decorates it with `customerApi`.
 * Background work: the usage flush timer and an hourly purge of expired tokens, both stopped when the app closes.
 * @param opts.prepareSandbox - how the sandbox data set is prepared (the app level gives it: server/seed/sandbox.ts);
 *   it runs only when `app.customerApi.sandbox.start()` is called, never inside a request
 * @param opts.usageCounting - count each `/v1` answer in the usage counters (default true); false only for the
 *   benchmark that measures what counting costs (bench/api-load.ts)
 */
export async function registerCustomerApi(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { prepareSandbox: SandboxPreparation; usageCounting?: boolean },
): Promise<void> {
  const { api } = ctx.config;
  const sandbox = new Sandbox(opts.prepareSandbox, app.log);
  const usage = new UsageRecorder(ctx.db, api.usageFlushMs, app.log);
  const oauth = createOAuthServer(ctx.db, ctx.box, api.tokenTtlSeconds);
  const dbOf = databaseOfCaller(ctx.db, sandbox);
  // No offline queue and a short command timeout: while Redis is down (ioredis reconnects in the background), a
  // counter fails at once and the call is let through, instead of waiting for the reconnections (seconds per call).
  const redis = api.redisUrl
    ? new Redis(api.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', (err: Error) => app.log.warn({ err: { message: err.message } }, 'customer API: Redis unreachable, rate limits let calls through'));
  // The first calls count too: wait for the connection (or its first failure, at most connectTimeout) before serving.
  if (redis) {
    await new Promise<void>((resolve) => {
      const settle = () => {
        clearTimeout(timer);
        redis.off('ready', settle).off('error', settle);
        resolve();
      };
      const timer = setTimeout(settle, 2000);
      redis.once('ready', settle).once('error', settle);
    });
  }
  const limiter = (nameSpace: string) => ({
    global: true,
    hook: 'preValidation' as const,
    timeWindow: api.rateLimitWindowMs,
    enableDraftSpec: true,
    skipOnError: true,
    ...(redis ? { redis, nameSpace } : {}),
    errorResponseBuilder: tooManyRequests,
  });

  app.decorate('customerApi', { usage, sandbox });
  usage.start();
  const purge = setInterval(() => void purgeExpiredTokens(ctx.db).catch((err: unknown) => app.log.warn({ err }, 'customer API: token purge failed')), 3600_000);
  purge.unref();
  app.addHook('onClose', async () => {
    clearInterval(purge);
    await usage.stop();
    await sandbox.close();
    redis?.disconnect();
  });

  await app.register(async (outer) => {
    outer.setErrorHandler(problemErrorHandler);
    await registerCustomerApiDocs(outer);

    await outer.register(async (tokenScope) => {
      // Any other address under /oauth (a GET of the token URL included) is a problem, not the back-office's page.
      tokenScope.setNotFoundHandler((req, reply) => sendProblem(req, reply, 'not-found', 'Aucun point d’accès à cette adresse.'));
      tokenScope.setErrorHandler(oauthErrorHandler);
      await tokenScope.register(formbody, { bodyLimit: 16 * 1024 });
      await tokenScope.register(rateLimit, { ...limiter(`${api.redisPrefix}-oauth-`), max: api.tokenRateLimit, keyGenerator: (req: FastifyRequest) => req.ip });
      tokenScope.post('/token', {
        schema: {
          summary: 'Obtenir un jeton d’accès (OAuth 2.0, client credentials)',
          description:
            'grant_type=client_credentials\u00a0; le client s’authentifie par HTTP Basic (client_id:client_secret) ou par client_id et ' +
            'client_secret dans le corps. Les identifiants Prod donnent un jeton Prod, les identifiants Sandbox un jeton Sandbox.',
          tags: ['Authentification'],
          security: [],
          body: z.object({
            grant_type: z.literal('client_credentials'),
            client_id: z.string().optional(),
            client_secret: z.string().optional(),
          }),
          response: { 200: tokenResponse, 400: tokenError, 401: tokenError },
        },
        // The grant is validated by the OAuth library, which answers RFC 6749 errors; the schema above documents it.
        validatorCompiler: () => (data) => ({ value: data }),
        serializerCompiler: () => (data) => JSON.stringify(data),
      }, (req, reply) => handleTokenRequest(oauth, req, reply));
    }, { prefix: '/oauth' });

    await outer.register(async (v1) => {
      v1.addHook('onRequest', async (req, reply) => authenticateCaller(oauth, req, reply));
      await v1.register(rateLimit, {
        ...limiter(`${api.redisPrefix}-v1-`),
        keyGenerator: (req: FastifyRequest) => `${req.apiClient?.customerId}:${req.apiClient?.environment}`,
        max: (req: FastifyRequest) => (req.apiClient?.environment === 'sandbox' ? api.rateLimitSandbox : api.rateLimit),
      });
      if (opts.usageCounting !== false) {
        v1.addHook('onResponse', async (req, reply) => {
          if (req.apiClient) usage.record(req.apiClient.customerId, req.apiClient.environment, reply.statusCode);
        });
      }
      // An address that is no route counts like any call (the limiter's global hook only reaches the routes).
      v1.setNotFoundHandler({ preHandler: v1.rateLimit() }, (req, reply) => sendProblem(req, reply, 'not-found', 'Aucun point d’accès à cette adresse.'));
      companiesRoutes(v1, dbOf);
      updatesRoutes(v1, dbOf);
      newsRoutes(v1, dbOf);
      dealsRoutes(v1, dbOf);
      announcementsRoutes(v1, dbOf);
    }, { prefix: '/v1' });
  });
}
