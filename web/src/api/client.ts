/**
 * HTTP client of the front end (wraps `fetch`): every call sends X-Requested-With: XMLHttpRequest
 * (SPEC preamble) and, except GETs, the X-XSRF-TOKEN header (SPEC section 6); failures become
 * `ApiError` (SPEC sections 5 and 8), and a 401 triggers the session handler.
 */
import { ensureXsrfToken, refreshXsrfCookie } from './csrf';
import { ApiError, GENERIC_ERROR, type FieldErrors } from './errors';

export { ApiError, GENERIC_ERROR, isApiError } from './errors';
export type { FieldErrors } from './errors';

/** Options of one API call. */
export interface RequestOptions {
  /** HTTP method, GET by default. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body (serialised) or FormData (multipart, sent as is). */
  body?: unknown;
  /** Query-string parameters (undefined values are skipped). */
  query?: Record<string, string | number | undefined>;
  /**
   * When false, a 401 answer only throws: no cache clearing, no redirect to /login.
   * Used by the sign-in call and by the session probe. Default true.
   */
  handleUnauthorized?: boolean;
  /** Abort signal (TanStack Query passes one to query functions). */
  signal?: AbortSignal;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/**
 * Registers what to do when a call answers 401 (session lost): the app clears the cached user
 * and sends the browser to /login?redirect=<current path>.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function send(url: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method !== 'GET') {
    headers['X-XSRF-TOKEN'] = await ensureXsrfToken();
  }
  return fetch(url, { method, headers, body, credentials: 'same-origin', signal: options.signal });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return text;
}

function toApiError(status: number, payload: unknown): ApiError {
  const data = (payload && typeof payload === 'object' ? payload : {}) as {
    message?: unknown;
    errors?: unknown;
  };
  const message = typeof data.message === 'string' && data.message ? data.message : GENERIC_ERROR;
  const errors = data.errors && typeof data.errors === 'object' ? (data.errors as FieldErrors) : {};
  return new ApiError(status, message, errors, payload);
}

/**
 * Sends one call and returns its successful response, body unread. Sends `X-Requested-With`,
 * same-origin cookies and, on non-GET calls, `X-XSRF-TOKEN` (fetching the cookie first when missing,
 * and once more then retrying once on 419). Throws `ApiError` on any failure; a 401 also triggers the
 * unauthorized handler.
 */
async function fetchOk(path: string, options: RequestOptions): Promise<Response> {
  const url = buildUrl(path, options.query);
  let response: Response;
  try {
    response = await send(url, options);
    if (response.status === 419 && (options.method ?? 'GET') !== 'GET') {
      await refreshXsrfCookie();
      response = await send(url, options);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, GENERIC_ERROR);
  }
  if (response.ok) return response;
  if (response.status === 401 && options.handleUnauthorized !== false) onUnauthorized();
  throw toApiError(response.status, await readBody(response));
}

/**
 * Calls the API and returns the parsed JSON answer typed as `T` (undefined for 204), with the headers
 * and failures of `fetchOk` (`ApiError`, 419 retried once, 401 handled).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await readBody(await fetchOk(path, options))) as T;
}

/**
 * GET of a file (a CSV template, an export) as a `Blob`, bytes untouched (a UTF-8 BOM kept), with the
 * same headers and failures as every call: save it with `saveBlob` (lib/download.ts).
 */
export async function apiBlob(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<Blob> {
  return (await fetchOk(path, { ...options, method: 'GET' })).blob();
}

/** GET helper: `apiGet<Admin[]>('/api/admins/all')`. */
export function apiGet<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'GET' });
}

/** POST helper with a JSON body (or FormData for uploads). */
export function apiPost<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: 'POST', body });
}

/** POST of one file as multipart form data under the given field name (default `file`). */
export function apiUpload<T>(path: string, file: Blob, field = 'file'): Promise<T> {
  const form = new FormData();
  form.append(field, file);
  return apiRequest<T>(path, { method: 'POST', body: form });
}
