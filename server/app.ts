/**
 * Builds the Fastify application (CONVENTIONS.md section 2): plugins, the `/api` guard, one
 * `register()` per module, `/healthz`, the OpenAPI docs at `/api/docs`, and the built front end
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
import { issueCsrfCookie } from './http/csrf';
import { errorHandler } from './http/errors';
import { DOCS_PREFIX, registerApiGuard } from './http/guard';
import { adminsRoutes } from './modules/admins/routes';
import { authRoutes } from './modules/auth/routes';
import { customersRoutes } from './modules/customers/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { groupsRoutes } from './modules/groups/routes';
import { AVATAR_MAX_BYTES } from './modules/profile/avatar';
import { avatarFileRoute, profileRoutes } from './modules/profile/routes';
import { updateLogRoutes } from './modules/update-log/routes';

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

/** Folder of the built front end. */
export const webDist = fileURLToPath(new URL('../web/dist', import.meta.url));

/**
 * Creates the app (not listening). Options: `logger` (default: the config's level, secrets redacted).
 * The caller owns `ctx.database` and closes it after `app.close()`.
 */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: ctx.config.logLevel,
            redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers["x-csrf-token"]', 'req.headers.authorization'],
          },
    bodyLimit: 1024 * 1024,
    trustProxy: ctx.config.trustProxy,
    return503OnClosing: true,
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
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  await app.register(swagger, {
    openapi: { info: { title: 'vigie API', version: '1.0.0', description: 'API du back-office vigie (SPEC section 7).' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    // "Try it out" speaks the HTTP contract: X-Requested-With on every call, the CSRF header on writes.
    theme: { title: 'vigie API', js: [{ filename: 'vigie-contract.js', content: DOCS_CONTRACT_JS }] },
  });

  registerApiGuard(app, ctx);

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await app.register(authRoutes(ctx), { prefix: '/api' });
  await app.register(dashboardRoutes(ctx), { prefix: '/api' });
  await app.register(profileRoutes(ctx), { prefix: '/api/profile' });
  await app.register(adminsRoutes(ctx), { prefix: '/api/admins' });
  await app.register(customersRoutes(ctx), { prefix: '/api/customers' });
  await app.register(updateLogRoutes(ctx), { prefix: '/api/messages' });
  await app.register(groupsRoutes(ctx), { prefix: '/api/groups' });
  await app.register(avatarFileRoute(ctx));

  registerFrontEnd(app, ctx);
  return app;
}

/** Serves web/dist: hashed assets with a long cache, and index.html for every other page route. */
function registerFrontEnd(app: FastifyInstance, ctx: AppContext): void {
  const indexFile = path.join(webDist, 'index.html');
  const hasDist = fs.existsSync(indexFile);
  if (hasDist) {
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isPage = req.method === 'GET' && !req.url.startsWith('/api') && !req.url.startsWith('/assets/') && !path.extname(req.url.split('?')[0]);
    if (!isPage) return reply.status(404).send({ message: 'Ressource introuvable.' });
    issueCsrfCookie(req, reply, ctx.box, ctx.config.cookieSecure);
    reply.header('cache-control', 'no-store');
    if (!hasDist) {
      return reply.type('text/html').send('<!doctype html><meta charset="utf-8"><title>vigie</title><p>Front end not built: run <code>npm run build</code>.</p>');
    }
    return reply.type('text/html').send(fs.createReadStream(indexFile));
  });
}
