/**
 * Errors of the customer API as RFC 9457 problem details (`application/problem+json`):
 * `{type, title, status, detail?, instance, errors?}`. `type` is a URI under `/v1/problems/` naming the kind of
 * problem (documented in the API's OpenAPI document, server/api/docs.ts), `title` its French summary, `detail` what
 * went wrong with this request, `instance` the path asked. A validation failure adds `errors`: `[{name, reason}]`,
 * one per query or path parameter refused. A 5xx never carries a stack, SQL or a bound value.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isConnectionLost, isQueryCanceled } from '../db/errors';

/** The kinds of problem the API answers, with their status and French title. */
export const PROBLEMS = {
  'invalid-request': { status: 400, title: 'Requête invalide' },
  unauthorized: { status: 401, title: 'Jeton d’accès absent, invalide ou expiré' },
  'not-found': { status: 404, title: 'Ressource introuvable' },
  'too-many-requests': { status: 429, title: 'Trop de requêtes' },
  'server-error': { status: 500, title: 'Erreur interne' },
  unavailable: { status: 503, title: 'Service momentanément indisponible' },
} as const;
export type ProblemKind = keyof typeof PROBLEMS;

/** Whether `url` is one of the customer API's (`/v1/…`, `/oauth/…`), whose errors are not the back-office's. */
export function isCustomerApiPath(url: string): boolean {
  return /^\/(v1|oauth)(\/|\?|$)/.test(url);
}

/** Media type of a problem (RFC 9457 section 3). */
export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

/** The problem body (RFC 9457 section 3.1 members, plus `errors` for invalid parameters). */
export const problemSchema = z
  .object({
    type: z.string().describe('URI du type de problème.'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z.array(z.object({ name: z.string(), reason: z.string() })).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.output<typeof problemSchema>;

/**
 * An expected API failure; thrown by routes and turned into a problem by `problemErrorHandler`, with `headers` on
 * the answer (e.g. `retry-after` of a 503).
 */
export class ApiProblem extends Error {
  constructor(
    public readonly kind: ProblemKind,
    detail: string,
    public readonly errors?: Problem['errors'],
    public readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(detail);
    this.name = 'ApiProblem';
  }
}

/** The problem body for `kind` at `instance` (the request path, without its query). */
export function problemBody(kind: ProblemKind, instance: string, detail?: string, errors?: Problem['errors']): Problem {
  const { status, title } = PROBLEMS[kind];
  return { type: `/v1/problems/${kind}`, title, status, ...(detail ? { detail } : {}), instance, ...(errors ? { errors } : {}) };
}

/** Sends `kind` as `application/problem+json`. */
export function sendProblem(req: FastifyRequest, reply: FastifyReply, kind: ProblemKind, detail?: string, errors?: Problem['errors']) {
  const body = problemBody(kind, req.url.split('?')[0], detail, errors);
  return reply.status(body.status).type(PROBLEM_MEDIA_TYPE).send(JSON.stringify(body));
}

/**
 * The error handler of `/oauth` and `/v1`: parameters refused by a route schema give 400 with one entry per
 * parameter; an `ApiProblem` gives its kind (and its headers); a lost database connection or a cancelled query 503; a 4xx raised
 * by Fastify (bad JSON, body too large, unsupported media type) keeps its status as `invalid-request`; anything
 * else is logged and answered 500 with no detail.
 */
export function problemErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors = err.validation.map((v) => ({
      name: [err.validationContext, ...String(v.instancePath ?? '').split('/').filter(Boolean)].filter(Boolean).join('.'),
      reason: String(v.message ?? 'valeur invalide'),
    }));
    return sendProblem(req, reply, 'invalid-request', 'Un ou plusieurs paramètres sont invalides.', errors);
  }
  if (err instanceof ApiProblem) {
    if (err.headers) reply.headers(err.headers);
    return sendProblem(req, reply, err.kind, err.message, err.errors);
  }
  if (isConnectionLost(err) || isQueryCanceled(err)) {
    req.log.warn({ err }, 'customer API: database unavailable');
    return sendProblem(req, reply, 'unavailable', 'Réessayez dans un instant.');
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const body = problemBody('invalid-request', req.url.split('?')[0], 'La requête ne peut pas être lue.');
    return reply.status(status).type(PROBLEM_MEDIA_TYPE).send(JSON.stringify({ ...body, status }));
  }
  req.log.error({ err }, 'customer API: unexpected error');
  return sendProblem(req, reply, 'server-error');
}
