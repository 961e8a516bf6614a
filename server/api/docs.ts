/**
 * The customer API's own OpenAPI 3.1 document, apart from the back-office's (/api/docs):
 * - `GET /v1/docs/json`: the document, built from the zod schemas of the `/oauth` and `/v1` routes (collected as they
 *   are registered): each route's parameters and answers, the named shapes under `components.schemas`, the bearer
 *   and client-credentials security schemes, the problem types (RFC 9457) of server/http/problem.ts, and the
 *   `Retry-After` header of the 503 answers;
 * - `GET /v1/docs`: Swagger UI reading it (the UI's files come from @fastify/swagger-ui's copy of swagger-ui-dist,
 *   its start script is a file of its own, so the page runs under `script-src 'self'`).
 * Both are public.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { PROBLEMS } from '../http/problem';

/** One route as registered: what the document describes. */
interface RouteDoc {
  method: string;
  url: string;
  schema: Record<string, unknown>;
}

type JsonSchema = Record<string, unknown>;
const COMPONENTS = '#/components/schemas/';

/**
 * The `Retry-After` header (RFC 9110 section 10.2.3) of a 503 answer: seconds to wait, given when the wait is known
 * (the sandbox data set being prepared, server/api/sandbox.ts).
 */
const RETRY_AFTER_HEADER = {
  'Retry-After': { description: 'Secondes à attendre avant de réessayer, quand l’attente est connue.', schema: { type: 'integer', minimum: 1 } },
};

/** Converts a zod schema into JSON Schema, moving its named parts into `components`. */
function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const { $defs, $schema: _drop, ...rest } = json;
  const fix = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(fix);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', COMPONENTS) : fix(v)]),
      );
    }
    return value;
  };
  for (const [name, def] of Object.entries($defs ?? {})) components[name] ??= fix(def) as JsonSchema;
  return fix(rest) as JsonSchema;
}

/** The OpenAPI parameters of a zod object schema found `where` (path or query). */
function parametersOf(schema: unknown, where: 'path' | 'query', components: Record<string, JsonSchema>) {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const json = toSchema(field, 'input', components);
    const { description, ...rest } = json;
    return { name, in: where, required: where === 'path' || !field.safeParse(undefined).success, ...(description ? { description } : {}), schema: rest };
  });
}

/** Builds the OpenAPI document of `routes`. */
export function customerApiDocument(routes: RouteDoc[]): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const s = r.schema as { summary?: string; description?: string; tags?: string[]; params?: unknown; querystring?: unknown; body?: z.ZodType; response?: Record<string, z.ZodType>; security?: unknown };
    const url = r.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const responses: Record<string, unknown> = {};
    for (const [status, schema] of Object.entries(s.response ?? {})) {
      const problem = Number(status) >= 400 && r.url.startsWith('/v1');
      responses[status] = {
        description: problem ? (Object.values(PROBLEMS).find((p) => p.status === Number(status))?.title ?? 'Erreur') : 'Réponse',
        ...(problem && Number(status) === 503 ? { headers: RETRY_AFTER_HEADER } : {}),
        content: { [problem ? 'application/problem+json' : 'application/json']: { schema: toSchema(schema, 'output', components) } },
      };
    }
    paths[url] ??= {};
    paths[url][r.method.toLowerCase()] = {
      ...(s.summary ? { summary: s.summary } : {}),
      ...(s.description ? { description: s.description } : {}),
      ...(s.tags ? { tags: s.tags } : {}),
      parameters: [...parametersOf(s.params, 'path', components), ...parametersOf(s.querystring, 'query', components)],
      ...(s.body
        ? { requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: toSchema(s.body, 'input', components) } } } }
        : {}),
      responses,
      ...(s.security ? { security: s.security } : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'vigie — API clients',
      version: '1.0.0',
      description:
        'Les données que vigie publie\u00a0: entreprises, journal des mises à jour, news, transactions et annonces BODACC. ' +
        'Obtenez un jeton sur POST /oauth/token (OAuth 2.0, client credentials) avec les identifiants Prod ou Sandbox ' +
        'donnés sur /customers, puis appelez /v1 avec ce jeton dans l’en-tête Authorization (schéma Bearer). Les jetons Sandbox lisent un jeu ' +
        'de données de démonstration, jamais les données de production\u202f; préparé au démarrage du service, il répond 503 avec Retry-After ' +
        'tant qu’il n’est pas prêt. Les erreurs suivent la RFC 9457 ' +
        `(types\u00a0: ${Object.keys(PROBLEMS).map((k) => `/v1/problems/${k}`).join(', ')}).`,
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'Jeton obtenu sur POST /oauth/token.' },
        clientCredentials: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: {} } } },
      },
    },
  };
}

/** The page and start script of Swagger UI on `/v1/docs/json`. */
const PAGE = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>vigie — API clients</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/v1/docs/static/swagger-ui.css"></head>
<body><div id="swagger-ui"></div><script src="/v1/docs/static/swagger-ui-bundle.js"></script><script src="/v1/docs/init.js"></script></body></html>`;
const INIT = `window.ui = SwaggerUIBundle({ url: '/v1/docs/json', dom_id: '#swagger-ui', deepLinking: true });`;

/**
 * Collects the routes registered after it in `app` (call it first in the context of `/oauth` and `/v1`) and registers
 * the docs routes there.
 */
export async function registerCustomerApiDocs(app: FastifyInstance): Promise<void> {
  const routes: RouteDoc[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema || schema.hide || route.method === 'HEAD') return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, schema });
  });
  let doc: JsonSchema | undefined;
  const hidden = { schema: { hide: true }, config: { rateLimit: false } } as const;
  app.get('/v1/docs/json', hidden, async () => (doc ??= customerApiDocument(routes)));
  app.get('/v1/docs', hidden, async (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/v1/docs/init.js', hidden, async (_req, reply) => reply.type('application/javascript; charset=utf-8').send(INIT));
  const uiDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')), 'static');
  await app.register(fastifyStatic, { root: uiDir, prefix: '/v1/docs/static/', decorateReply: false, index: false, allowedPath: (p) => /^\/swagger-ui(-bundle)?\.(js|css)$/.test(p) });
}
