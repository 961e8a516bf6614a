/**
 * Request bodies the schema cannot judge, answered as the contract's 422 `{message, errors}` (SPEC section 5:
 * errors come as one map from field to messages):
 * - `assertValidBody`: a route declared with `attachValidation: true` calls it first, so that the checks its
 *   schema cannot make (the database's: an email already taken; a module's rules: a date, a link) are given
 *   together with the schema's, instead of only once the schema's errors are fixed;
 * - `receiveFile`: the one way an upload route takes its multipart file part (news, deals, INSEE and BODACC
 *   imports): no part, an unreadable envelope, or a file name holding a control character (a NUL made
 *   PostgreSQL fail on the job's payload) are 422 `errors.file`. A body that ends before its closing boundary
 *   fails later, while the file streams: the error handler answers it (./errors.ts `malformedMultipart`).
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fieldError, mergeFieldErrors, validationError, type FieldErrors } from '../lib/errors';
import { malformedMultipart, schemaFieldErrors } from './errors';

/** Refusal of a file name holding a control character (NUL, line break, escape…). */
export const FILE_NAME_CONTROL_CHAR = 'Le nom du fichier contient un caractère de contrôle non autorisé\u00a0: renommez le fichier.';

// Matching control characters is the point of this pattern: C0 (tab and line breaks included), DEL and C1.
// eslint-disable-next-line no-control-regex
const NAME_CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The request's file part, read with `fileSize` as the limit of its bytes (the multipart parser marks a longer
 * file `truncated`, or fails its stream with FST_REQ_FILE_TOO_LARGE).
 * @param noFile - the route's message for a body without a readable file part
 * @returns the part (its field name and file name are for the route to check), or undefined for an empty form
 * @throws AppError 422 errors.file: `noFile` when the body is not a multipart form, the incomplete-upload message
 *   when its envelope is broken, FILE_NAME_CONTROL_CHAR for a file name with a control character
 */
export async function receiveFile(req: FastifyRequest, fileSize: number, noFile: string): Promise<MultipartFile | undefined> {
  let part: MultipartFile | undefined;
  try {
    part = await req.file({ limits: { fileSize, files: 1 } });
  } catch (err) {
    throw malformedMultipart(err) ?? fieldError('file', noFile);
  }
  if (part && NAME_CONTROL_CHARS.test(part.filename ?? '')) {
    part.file.resume();
    throw fieldError('file', FILE_NAME_CONTROL_CHAR);
  }
  return part;
}

/**
 * Throws the 422 of a request whose schema validation failed, with the errors of `check` (run on the raw body,
 * given the schema's errors) joined to the schema's. Does nothing when the request passed its schema.
 * @param check - the other checks; `body` is the JSON as sent, to be read defensively
 * @throws AppError 422 with the merged field map; the validation error itself when it is not the body's (a bad
 *   path id keeps its usual answer)
 */
export async function assertValidBody(
  req: FastifyRequest,
  check?: (body: unknown, schemaErrors: FieldErrors) => Promise<FieldErrors> | FieldErrors,
): Promise<void> {
  const failure = req.validationError;
  if (!failure) return;
  const errors = schemaFieldErrors(failure);
  if (!errors || failure.validationContext !== 'body') throw failure;
  throw validationError(check ? mergeFieldErrors(errors, await check(req.body, errors)) : errors);
}
