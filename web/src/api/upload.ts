/**
 * The one file upload of the front end (news and deals CSV, INSEE and BODACC files, the avatar): a multipart
 * POST of one file, sent by `XMLHttpRequest` because `fetch` cannot report how much of a body is sent. It keeps
 * the contract of the shared client (./client.ts): X-Requested-With, Accept, the X-XSRF-TOKEN header (the cookie
 * fetched first when missing, and once more then the request sent again on a 419), same-origin cookies, a 401
 * handed to the session handler, failures as `ApiError` (status 0 for a network failure).
 * The caller follows the bytes sent (`onProgress`) and may cancel (`signal`): the request is aborted, the
 * server sees a cut body and keeps nothing, and the promise rejects with an `AbortError` (`isUploadAborted`).
 */
import { reportUnauthorized, toApiError } from './client';
import { ensureXsrfToken, refreshXsrfCookie } from './csrf';
import { ApiError, GENERIC_ERROR } from './errors';

/** The upload routes (multipart field `file`). */
export type UploadPath = '/api/news/import' | '/api/transactions/import' | `/api/supervisions/import/${'sirene' | 'bodacc'}` | '/api/profile/uploadAvatarAuthUser';

/** Bytes of the file sent so far, out of its size (bytes). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** How an upload is followed. */
export interface UploadOptions {
  /** Called as the body goes out (bytes of the file, never more than its size), last with `loaded === total`. */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborting it cancels the upload. */
  signal?: AbortSignal;
}

/** Whether `error` is the rejection of an upload cancelled through its `signal`. */
export function isUploadAborted(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The parsed body of a finished request (JSON when it says so), or undefined. */
function bodyOf(xhr: XMLHttpRequest): unknown {
  const text = xhr.responseText;
  if (!text) return undefined;
  if (!(xhr.getResponseHeader('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One attempt: resolves with the finished request whatever its status; rejects on abort or network failure. */
async function sendOnce(path: UploadPath, file: Blob, field: string, opts: UploadOptions): Promise<XMLHttpRequest> {
  const token = await ensureXsrfToken();
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(new DOMException('Envoi annulé', 'AbortError'));
    const xhr = new XMLHttpRequest();
    const form = new FormData();
    form.append(field, file);
    // The multipart envelope adds a few hundred bytes: the progress counts the file's bytes only.
    const report = (sent: number, envelope: number) => opts.onProgress?.({ loaded: Math.max(0, Math.min(file.size, sent - Math.max(0, envelope - file.size))), total: file.size });
    xhr.upload.onprogress = (e) => report(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.upload.onload = () => opts.onProgress?.({ loaded: file.size, total: file.size });
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => opts.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      resolve(xhr);
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, GENERIC_ERROR));
    };
    xhr.onabort = () => {
      settle();
      reject(new DOMException('Envoi annulé', 'AbortError'));
    };
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-XSRF-TOKEN', token);
    opts.onProgress?.({ loaded: 0, total: file.size });
    xhr.send(form);
  });
}

/**
 * POSTs `file` as the multipart field `field` (default `file`) to `path`, following and cancellable (`opts`).
 * @returns the parsed success answer (the route's 2xx body)
 * @throws ApiError for a failed answer (a 401 also runs the session handler), status 0 for a network failure;
 *   a DOMException `AbortError` when `opts.signal` aborts
 */
export async function uploadFile<T>(path: UploadPath, file: Blob, opts: UploadOptions = {}, field = 'file'): Promise<T> {
  let xhr = await sendOnce(path, file, field, opts);
  if (xhr.status === 419) {
    await refreshXsrfCookie();
    xhr = await sendOnce(path, file, field, opts);
  }
  const body = bodyOf(xhr);
  if (xhr.status >= 200 && xhr.status < 300) return body as T;
  if (xhr.status === 401) reportUnauthorized();
  throw toApiError(xhr.status, body);
}
