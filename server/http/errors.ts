/**
 * One error type and one error handler (CONVENTIONS.md sections 3 and 4.4).
 *
 * - `AppError` carries an HTTP status, a French message and, for 422, the Laravel-style field map.
 * - `errorHandler` turns zod validation failures into 422 `{message, errors}`, keeps 4xx messages,
 *   and hides every 5xx detail behind `{message: 'Une erreur est survenue!'}` (stack, SQL and
 *   hashes only go to the log).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isCustomerApiPath, PROBLEM_MEDIA_TYPE, problemBody } from '../api/problem';
import { isConnectionLost, isQueryCanceled } from '../lib/db-errors';
import { guardedPath, isApiPath } from './guard';

/** Map of field name to French messages, first one shown under the field (SPEC section 5). */
export type FieldErrors = Record<string, string[]>;

/** An expected failure with its HTTP status; `code` (e.g. `mfa_step_up`) is a machine-readable reason sent beside the message. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: FieldErrors,
    public readonly code?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 422 with one or more field messages; `message` is the first one, as Laravel does. */
export function validationError(errors: FieldErrors): AppError {
  const first = Object.values(errors)[0]?.[0] ?? 'Les données fournies sont invalides.';
  return new AppError(422, first, errors);
}

/** 422 for a single field. */
export function fieldError(field: string, message: string): AppError {
  return validationError({ [field]: [message] });
}

/** 404 with the spec's message for the resource (e.g. 'User does not exist!'). */
export function notFound(message: string): AppError {
  return new AppError(404, message);
}

export const GENERIC_ERROR = 'Une erreur est survenue!';
/** 503 of a query cancelled by DB_STATEMENT_TIMEOUT_MS. */
export const TOO_SLOW = 'Le serveur n’a pas pu répondre à temps. Réessayez dans un instant, ou affinez la recherche.';
/** 503 of a request whose database connection was lost (server restarting, connection ended): retried later, it succeeds. */
export const DB_UNAVAILABLE = 'Base de données momentanément indisponible, réessayez.';
/** 413 of a request body above the route's body limit. */
export const BODY_TOO_LARGE = 'Le corps de la requête est trop volumineux.';

/** 422 `errors.file` of a multipart body that ends before its closing boundary, or whose part headers are broken. */
export const UPLOAD_INCOMPLETE = 'Le fichier reçu est incomplet (envoi interrompu ou formulaire mal formé)\u00a0: envoyez-le de nouveau.';

/**
 * Messages of busboy (the multipart parser under @fastify/multipart) for a body that breaks the multipart format:
 * it ends before the closing boundary or inside a part, or a part's headers cannot be read. They come as plain
 * `Error`s, without code, from `req.file()` or from the file's stream while the route reads it.
 */
const MALFORMED_MULTIPART = /^(Unexpected end of (form|file|multipart data)|Part terminated early|Malformed part header|Malformed content type|Multipart: Boundary not found)/;

/**
 * The 422 `errors.file` (UPLOAD_INCOMPLETE) of a broken multipart body, or null for any other error.
 * A cancelled upload (the connection closed, FST_MP_PREMATURE_CLOSE) is not one: nobody reads its answer.
 */
export function malformedMultipart(err: unknown): AppError | null {
  if (err instanceof AppError || !(err instanceof Error) || (err as { code?: unknown }).code !== undefined) return null;
  return MALFORMED_MULTIPART.test(err.message) ? fieldError('file', UPLOAD_INCOMPLETE) : null;
}

/** French messages for the 4xx errors Fastify raises itself. */
const frameworkMessages: Record<number, string> = {
  400: 'Requête invalide.',
  401: 'Non authentifié.',
  404: 'Ressource introuvable.',
  413: 'Le fichier est trop volumineux.',
  415: 'Type de contenu non pris en charge.',
};

/**
 * Fastify's `frameworkErrors` option: the router's own failures (a malformed percent-escape, a path
 * parameter over 100 characters), which skip the error handler and the hooks, get the contract's French
 * `{message}` body and, under `/api`, `Cache-Control: no-store`. Returns nothing: Fastify ignores the result of this
 * option, and a reply is thenable.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  if (isCustomerApiPath(request.url)) {
    // The customer API answers RFC 9457 problems (server/api/problem.ts), the router's refusals included.
    const body = problemBody('invalid-request', request.url.split('?')[0].slice(0, 200), tooLong ? 'L’adresse demandée est trop longue.' : 'L’adresse demandée ne peut pas être lue.');
    reply.status(tooLong ? 414 : 400).type(PROBLEM_MEDIA_TYPE).send(JSON.stringify({ ...body, status: tooLong ? 414 : 400 }));
    return;
  }
  if (isApiPath(guardedPath(request))) reply.header('cache-control', 'no-store');
  reply.status(tooLong ? 414 : 400).send({ message: tooLong ? 'L’adresse demandée est trop longue.' : frameworkMessages[400] });
}

/**
 * The field map of a failed zod schema validation of a route (its body, query or params): one key per top-level
 * field (`body` for the whole), messages in order.
 * @returns null when `error` is not such a validation failure
 */
export function schemaFieldErrors(error: unknown): FieldErrors | null {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const errors: FieldErrors = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').split('/')[0] || 'body';
    (errors[field] ??= []).push(issue.message ?? 'Valeur invalide.');
  }
  return errors;
}

/** `a` and `b` in one field map, the messages of a field shared by both in that order. */
export function mergeFieldErrors(a: FieldErrors, b: FieldErrors): FieldErrors {
  const merged: FieldErrors = { ...a };
  for (const [field, messages] of Object.entries(b)) merged[field] = [...(merged[field] ?? []), ...messages];
  return merged;
}

/** Fastify error handler registered once in app.ts. */
export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
    if (error.code) Object.assign(body, { code: error.code });
    return reply.status(error.statusCode).send(body);
  }
  const brokenUpload = malformedMultipart(error);
  if (brokenUpload) return reply.status(422).send({ message: brokenUpload.message, errors: brokenUpload.errors });
  const schemaErrors = schemaFieldErrors(error);
  if (schemaErrors) {
    const ve = validationError(schemaErrors);
    return reply.status(422).send({ message: ve.message, errors: schemaErrors });
  }
  if (isQueryCanceled(error)) {
    // A statement over DB_STATEMENT_TIMEOUT_MS: the server is busy or the query too broad, not broken.
    request.log.warn({ err: error }, 'query cancelled by statement_timeout');
    return reply.status(503).type('application/json; charset=utf-8').send({ message: TOO_SLOW });
  }
  if (isConnectionLost(error)) {
    request.log.warn({ err: error }, 'database connection lost');
    return reply.status(503).type('application/json; charset=utf-8').send({ message: DB_UNAVAILABLE });
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'unhandled error');
    // A handler may already have set another type (the HTML page fallback): the body is JSON.
    return reply.status(500).type('application/json; charset=utf-8').send({ message: GENERIC_ERROR });
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    // The body limit (1 MB, 8 MB on addsirens), not an uploaded file: those keep the file message.
    return reply.status(413).send({ message: BODY_TOO_LARGE });
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return reply.status(400).send({ message: 'Le corps de la requête n’est pas un JSON valide.' });
  }
  return reply.status(status).send({ message: frameworkMessages[status] ?? error.message });
}
