/**
 * Every field error of a request body in one 422 (SPEC section 5: errors come as one map from field to
 * messages): a route declared with `attachValidation: true` calls `assertValidBody` first, so that the checks
 * its schema cannot make (the database's: an email already taken; a module's rules: a date, a link) are given
 * together with the schema's, instead of only once the schema's errors are fixed.
 */
import type { FastifyRequest } from 'fastify';
import { mergeFieldErrors, schemaFieldErrors, validationError, type FieldErrors } from './errors';

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
