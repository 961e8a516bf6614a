/**
 * The one error type of the server (CONVENTIONS.md sections 3 and 4.12), a leaf that every layer may throw:
 * `AppError` carries an HTTP status, a French message and, for a 422, the field map (SPEC section 5: a map from
 * field name to a list of messages, the first shown under the field). The HTTP layer maps it to an answer
 * (server/http/errors.ts); jobs store its message as their failure (server/jobs). This file imports nothing.
 */

/** Map of field name to French messages, the first one shown under the field (SPEC section 5). */
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

/** 404 with the spec's message for the resource (e.g. 'User does not exist!', SPEC section 8). */
export function notFound(message: string): AppError {
  return new AppError(404, message);
}

/** `a` and `b` in one field map, the messages of a field shared by both in that order. */
export function mergeFieldErrors(a: FieldErrors, b: FieldErrors): FieldErrors {
  const merged: FieldErrors = { ...a };
  for (const [field, messages] of Object.entries(b)) merged[field] = [...(merged[field] ?? []), ...messages];
  return merged;
}

/** The generic failure (SPEC section 8: « Une erreur est survenue! »). */
export const GENERIC_ERROR = 'Une erreur est survenue!';
/** 503 of a query cancelled by DB_STATEMENT_TIMEOUT_MS. */
export const TOO_SLOW = 'Le serveur n’a pas pu répondre à temps. Réessayez dans un instant, ou affinez la recherche.';
/** 503 of a request whose database connection was lost (server restarting, connection ended): retried later, it succeeds. */
export const DB_UNAVAILABLE = 'Base de données momentanément indisponible, réessayez.';
/** 413 of a request body above the route's body limit. */
export const BODY_TOO_LARGE = 'Le corps de la requête est trop volumineux.';
/** 422 `errors.file` of a multipart body that ends before its closing boundary, or whose part headers are broken. */
export const UPLOAD_INCOMPLETE = 'Le fichier reçu est incomplet (envoi interrompu ou formulaire mal formé)\u00a0: envoyez-le de nouveau.';
