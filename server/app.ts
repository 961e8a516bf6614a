/**
 * Builds the Fastify application (CONVENTIONS.md section 2): plugins, the `/api` guard, every module of
 * the registry (`server/modules/index.ts`) under its prefix, `/healthz`, the OpenAPI docs at `/api/docs`, and the built front end
 * (web/dist) with its SPA fallback, which also sets the `XSRF-TOKEN` cookie.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { registerCustomerApi } from './api';
import type { SandboxPreparation } from './api/sandbox';
import { registerAudit } from './http/audit';
import { registerCompression } from './http/compression';
import { issueCsrfCookie } from './http/csrf';
import { registerControlCharGuard } from './http/control-chars';
import { errorHandler, frameworkErrorHandler } from './http/errors';
import { DOCS_PREFIX, registerApiGuard } from './http/guard';
import { registerNoStore } from './http/no-store';
import { openapiTransformObject } from './http/openapi';
import { rootRedirectRoute } from './http/root-redirect';
import { fastifyTrustProxy } from './http/trust-proxy';
import { logSafeError } from './lib/log-safe';
import { registerJobs } from './modules/job-registry';
import { serverModules } from './modules';
import { AVATAR_MAX_BYTES } from './modules/profile/avatar';
import { QuietRequestLog } from './lib/console-log';
import { prepareSandbox } from './seed/sandbox';

/** Script added to the docs page: wraps fetch so that Swagger UI calls carry the contract's headers. */
const DOCS_CONTRACT_JS = `(() => {
  const orig = window.fetch.bind(window);
  window.fetch = (input, init = {}) => {
    const headers = new Headers(init.headers || {});
    headers.set('X-Requested-With', 'XMLHttpRequest');
    const m = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/);
    if (m) headers.set('X-XSRF-TOKEN', decodeURIComponent(m[1]));
    return orig(input, { ...init, headers, credentials: 'same-origin' });
  };
})();`;

/**
 * Folder of the built front end: `web/dist`, or `VIGIE_WEB_DIST` when set (a development aid: two checkouts of
 * the same tree can build and serve the front end side by side; `vite.config.ts` builds there too).
 */
export const webDist = process.env.VIGIE_WEB_DIST
  ? path.resolve(process.env.VIGIE_WEB_DIST)
  : fileURLToPath(new URL('../web/dist', import.meta.url));

/**
 * Creates the app (not listening). Options: `logger` (default: the config's level, secrets redacted,
 * errors through `logSafeError` so that no bound query value is logged), `logStream`
 * (where the log lines go; default stdout), `quietRequests` (request lines at `debug`: for a terminal), `webDist` (folder of the built front end; default
 * `web/dist`, tests give a small one of their own), `usageCounting` (count the customer API's calls, default
 * true: server/api/index.ts `registerCustomerApi`; false only for the benchmark of its cost) and `prepareSandbox`
 * (how the customer API's sandbox data set is prepared once started; default the demo's, server/seed/sandbox.ts;
 * tests give one they can pause).
 * The caller owns `ctx.database` and closes it after `app.close()`; it starts the sandbox's preparation
 * (`app.customerApi.sandbox.start()`, server/main.ts at start-up).
 */
export async function buildApp(
  ctx: AppContext,
  opts: {
    logger?: boolean;
    logStream?: NodeJS.WritableStream;
    webDist?: string;
    quietRequests?: boolean;
    usageCounting?: boolean;
    prepareSandbox?: SandboxPreparation;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: ctx.config.logLevel,
            redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers["x-csrf-token"]', 'req.headers.authorization'],
            serializers: { err: logSafeError, error: logSafeError },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    ...(opts.quietRequests ? { logController: new QuietRequestLog() } : {}),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: ctx.config.cookieSecure ? [] : null,
      },
    },
    hsts: ctx.config.cookieSecure,
    crossOriginEmbedderPolicy: false,
  });
  // The customer API's sandbox data set is the demo's: the app level gives its preparation (the API imports no seed).
  const customerApi = {
    usageCounting: opts.usageCounting,
    prepareSandbox: opts.prepareSandbox ?? ((log, signal) => prepareSandbox(ctx.config, log, signal)),
  } satisfies Parameters<typeof registerCustomerApi>[2];
  if (ctx.config.api.only) {
    // API_ONLY: the customer API and the health check, nothing of the back-office (no session, no jobs, no pages).
    registerHealthz(app, ctx);
    await registerCustomerApi(app, ctx, customerApi);
    return app;
  }
  await app.register(cookie);
  await registerCompression(app);
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  await app.register(swagger, {
    openapi: { info: { title: 'vigie API', version: '1.0.0', description: 'API du back-office vigie (SPEC section 7).' } },
    // The customer API (`/oauth`, `/v1`) has its own document at /v1/docs (server/api/docs.ts).
    transform: (input) => (/^\/(v1|oauth)(\/|$)/.test(input.url) ? { schema: { hide: true }, url: input.url } : jsonSchemaTransform(input)),
    // The contract's named schemas (`.meta({ id })`) become components.schemas, referenced by $ref.
    transformObject: openapiTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    // "Try it out" speaks the HTTP contract: X-Requested-With on every call, the CSRF header on writes.
    theme: { title: 'vigie API', js: [{ filename: 'vigie-contract.js', content: DOCS_CONTRACT_JS }] },
  });

  registerNoStore(app);
  registerControlCharGuard(app);
  // The audit scope opens before the guard: the guard's writes (a session touched) and the route's run in it.
  registerAudit(app, ctx);
  registerApiGuard(app, ctx);

  registerHealthz(app, ctx);
  await registerCustomerApi(app, ctx, customerApi);

  // Background jobs: every module's declared kinds are registered before its routes; pg-boss starts once the
  // app is ready, and on close (SIGTERM) running jobs roll back before the database closes.
  registerJobs(ctx, serverModules);
  for (const mod of serverModules) {
    await app.register(mod.routes(ctx, serverModules), mod.prefix ? { prefix: mod.prefix } : {});
  }
  ctx.jobs.setLogger(app.log);
  app.addHook('onReady', async () => ctx.jobs.start());
  app.addHook('preClose', async () => ctx.jobs.stop());
  await app.register(rootRedirectRoute(ctx));

  registerFrontEnd(app, ctx, opts.webDist ?? webDist);
  return app;
}

/** `GET /healthz` (public): 200 `{status: 'ok'}` when the database answers, else 503 `{status: 'unavailable'}`. */
function registerHealthz(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}

/** `Cache-Control` of the hashed assets (their name changes with their content). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built front end: each file from its precompressed `.br` / `.gz` sibling
 * when the client accepts it (`Vary: Accept-Encoding`), hashed assets (`/assets/*`) cacheable for a year
 * (`immutable`), and `index.html` for every other page route, `no-cache` (revalidated on each visit, so a
 * new build is picked up at once) with the `XSRF-TOKEN` cookie.
 */
function registerFrontEnd(app: FastifyInstance, ctx: AppContext, dist: string): void {
  const indexFile = path.join(dist, 'index.html');
  const hasDist = fs.existsSync(indexFile);
  if (hasDist) {
    const assets = path.join(dist, 'assets');
    if (fs.existsSync(assets)) {
      // Hashed files: anything under /assets/, read at each request (a build made meanwhile is served too).
      app.register(fastifyStatic, {
        root: assets,
        prefix: '/assets/',
        index: false,
        preCompressed: true,
        decorateReply: false,
        setHeaders: (res) => {
          res.header('cache-control', IMMUTABLE);
        },
      });
    }
    // The few files at the root (index.html, icons): one route each, listed at start-up, and no `/*`
    // catch-all, so that an `/api` URL the router refuses (a parameter over 100 characters) keeps its answer.
    app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      globIgnore: ['assets/**'],
      index: false,
      preCompressed: true,
      setHeaders: (res, file) => {
        if (/^index\.html(\.br|\.gz)?$/.test(path.basename(file))) res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isPage = req.method === 'GET' && !req.url.startsWith('/api') && !req.url.startsWith('/assets/') && !path.extname(req.url.split('?')[0]);
    if (!isPage) return reply.status(404).send({ message: 'Ressource introuvable.' });
    issueCsrfCookie(req, reply, ctx.box, ctx.config.cookieSecure);
    reply.code(200).header('cache-control', 'no-cache');
    if (!hasDist) {
      return reply.type('text/html').send('<!doctype html><meta charset="utf-8"><title>vigie</title><p>Front end not built: run <code>npm run build</code>.</p>');
    }
    return reply.sendFile('index.html');
  });
}
