/**
 * The one error handler (CONVENTIONS.md sections 3 and 4.4), which maps the server's one error type
 * (`AppError`, server/lib/errors.ts) and the framework's failures to answers:
 * - `errorHandler` turns zod validation failures into 422 `{message, errors}`, keeps 4xx messages,
 *   and hides every 5xx detail behind `{message: 'Une erreur est survenue!'}` (stack, SQL and
 *   hashes only go to the log).
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isCustomerApiPath, PROBLEM_MEDIA_TYPE, problemBody } from './problem';
import { isConnectionLost, isQueryCanceled } from '../db/errors';
import { AppError, DB_UNAVAILABLE, fieldError, GENERIC_ERROR, TOO_SLOW, BODY_TOO_LARGE, UPLOAD_INCOMPLETE, validationError, type FieldErrors } from '../lib/errors';
import { guardedPath, isApiPath } from './guard';

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
    // The customer API answers RFC 9457 problems (server/http/problem.ts), the router's refusals included.
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
