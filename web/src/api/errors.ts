/**
 * Error model of API calls: `ApiError` (HTTP status plus the 422 map of field ->
 * messages, SPEC section 5), the `FieldErrors` type and the generic
 * 'Une erreur est survenue!' text (SPEC section 8).
 */

/** Map of server field names to their validation messages (422 `errors`). */
export type FieldErrors = Record<string, string[]>;

/** Generic failure text shown when the server gives nothing better. */
export const GENERIC_ERROR = 'Une erreur est survenue!';

/**
 * Error thrown by the HTTP client for every non-2xx answer (and network failures, status 0).
 * `errors` holds the 422 field messages; `firstError(field)` returns the one to display.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  /** The whole parsed answer, for calls whose failure carries more than `message` and `errors` (e.g. the rows in error of an import). */
  readonly body: unknown;

  constructor(status: number, message: string, errors: FieldErrors = {}, body?: unknown) {
    super(message || GENERIC_ERROR);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }

  /** First message of a field's error list, if the server sent one. */
  firstError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }

  /** True for a 422 answer (validation error). */
  get isValidation(): boolean {
    return this.status === 422;
  }
}

/** Type guard: is this value an `ApiError` with the given status (any status when omitted)? */
export function isApiError(value: unknown, status?: number): value is ApiError {
  return value instanceof ApiError && (status === undefined || value.status === status);
}
