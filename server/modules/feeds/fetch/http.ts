/**
 * HTTP for the scheduled fetch, on the shared outside-call mechanism (server/lib/outside-http.ts, Node's fetch):
 * retries with exponential backoff on a network error, a 5xx or a 429 (a 4xx other than 429 is final), a time-out
 * or a stalled body, a JSON GET, and a download with resume (HTTP Range, RFC 9110 section 14) into a `.part` file
 * whose final size is checked against the announced one before the file is handed over. Every call has a total time
 * limit covering its body, an idle limit between chunks and a byte cap (`FeedHttpLimits`): a JSON page past its cap
 * fails at once, and a stock whose announced size passes FEED_SIRENE_MAX_BYTES is refused before any byte is
 * downloaded. Errors are `FetchFailure`s with a French message that names the address without its query string (it
 * may carry a key). Public addresses: redirects are followed (no credentials are sent).
 */
import fs from 'node:fs';
import type { AppConfig } from '../../../config';
import { frenchBytes, outsideFetch, OutsideHttpError, type OutsideInit, type OutsideLimits, type OutsideResponse } from '../../../lib/outside-http';

/** The limits of the fetch's calls (AppConfig `feedHttp`, from FEED_HTTP_TIMEOUT_MS and the others). */
export type FeedHttpLimits = Pick<AppConfig['feedHttp'], 'timeoutMs' | 'idleMs' | 'bodaccMaxBytes' | 'sireneMaxBytes' | 'sireneTimeoutMs'>;

/** The defaults of the configuration: 60 s a page, 30 s idle, 32 MiB a page, 4 GiB and 1 h a download attempt. */
export const DEFAULT_FEED_HTTP: FeedHttpLimits = {
  timeoutMs: 60_000,
  idleMs: 30_000,
  bodaccMaxBytes: 32 * 1024 * 1024,
  sireneMaxBytes: 4 * 1024 ** 3,
  sireneTimeoutMs: 3_600_000,
};

/** How a request is retried. */
export interface RetryOptions {
  /** Attempts in all (first one included). */
  attempts: number;
  /** Wait before the second attempt, in ms; doubled after each failure. */
  backoffMs: number;
  signal?: AbortSignal;
}

/** Four attempts, 5 s then 10 s then 20 s apart. */
export const DEFAULT_RETRY: RetryOptions = { attempts: 4, backoffMs: 5000 };

/** A fetch that failed for good: `message` is French and fit for the supervision table; `status` the HTTP one, if any. */
export class FetchFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** A final failure because the body passes its byte cap (what arrived of it is of no use). */
class TooLargeFailure extends FetchFailure {}

/** `https://host/path` of `url`: its query string and credentials left out of messages. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return 'adresse invalide';
  }
}

/** Whether a status is worth another attempt. */
function retryable(status: number): boolean {
  return status >= 500 || status === 429;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, at most `opts.attempts` times. `attempt` throws a `RetryableError` to ask
 * for another try, anything else to stop at once.
 * @throws FetchFailure (French) once the attempts are exhausted, or when `opts.signal` aborts
 */
export async function withRetry<T>(what: string, opts: RetryOptions, attempt: () => Promise<T>): Promise<T> {
  let last = '';
  for (let n = 1; n <= opts.attempts; n++) {
    if (opts.signal?.aborted) throw new FetchFailure(`${what}\u00a0: interrompu (le serveur s’arrête).`);
    try {
      return await attempt();
    } catch (err) {
      if (!(err instanceof RetryableError)) throw err;
      last = err.message;
      if (n < opts.attempts) await pause(opts.backoffMs * 2 ** (n - 1), opts.signal);
    }
  }
  throw new FetchFailure(`${what}\u00a0: échec après ${opts.attempts} tentative${opts.attempts > 1 ? 's' : ''} (${last}).`);
}

/** A failure worth another attempt (network error, 5xx, 429, a transfer cut short). */
export class RetryableError extends Error {}

/**
 * An outside call whose failures become `RetryableError`s (no answer, time-out, stall, cut, 5xx, 429) or
 * `FetchFailure`s (a 4xx other than 429 and 416, a body past the cap, the server stopping).
 */
async function request(url: string, init: OutsideInit, limits: OutsideLimits, what: string): Promise<OutsideResponse> {
  let res: OutsideResponse;
  try {
    res = await outsideFetch(url, init, limits);
  } catch (err) {
    throw failureOf(err, what);
  }
  if (retryable(res.status)) {
    await res.cancel();
    throw new RetryableError(`HTTP ${res.status}`);
  }
  if (res.status >= 400 && res.status !== 416) {
    await res.cancel();
    throw new FetchFailure(`${what}\u00a0: le serveur a répondu HTTP ${res.status}.`, res.status);
  }
  return res;
}

/** An outside failure as the retry loop takes it: worth another attempt, or final. Anything else is rethrown as is. */
function failureOf(err: unknown, what: string, bytes?: number): Error {
  if (!(err instanceof OutsideHttpError)) return err as Error;
  switch (err.kind) {
    case 'too-large':
      return new TooLargeFailure(`${what}\u00a0: ${err.message}.`, err.status);
    case 'not-json':
    case 'redirect':
      return new FetchFailure(`${what}\u00a0: ${err.message}.`, err.status);
    case 'aborted':
      return new FetchFailure(`${what}\u00a0: interrompu (le serveur s’arrête).`);
    default:
      return new RetryableError(bytes === undefined ? err.message : `${err.message}, à ${bytes} octets`);
  }
}

/**
 * GETs `url` and parses its JSON body (at most `limits.bodaccMaxBytes`, within `limits.timeoutMs` all told), with
 * retries.
 * @throws FetchFailure (French) on a final failure, a body past the cap or a body that is not JSON
 */
export async function getJson(url: string, opts: RetryOptions, limits: FeedHttpLimits = DEFAULT_FEED_HTTP): Promise<unknown> {
  const what = `Lecture de ${displayUrl(url)}`;
  return withRetry(what, opts, async () => {
    const res = await request(url, { headers: { accept: 'application/json' }, signal: opts.signal }, pageLimits(limits, limits.bodaccMaxBytes), what);
    try {
      return await res.json();
    } catch (err) {
      throw failureOf(err, what);
    }
  });
}

/** The limits of a page or a HEAD. */
function pageLimits(limits: FeedHttpLimits, maxBytes: number): OutsideLimits {
  return { timeoutMs: limits.timeoutMs, idleMs: limits.idleMs, maxBytes };
}

/** The validators of a remote file (to tell a new monthly stock from the one already imported). */
export interface RemoteVersion {
  etag: string | null;
  lastModified: string | null;
  /** Size announced by the server, in bytes (null when it does not say). */
  size: number | null;
}

/** HEAD of `url` (within `limits.timeoutMs`), with retries. @throws FetchFailure */
export async function headVersion(url: string, opts: RetryOptions, limits: FeedHttpLimits = DEFAULT_FEED_HTTP): Promise<RemoteVersion> {
  const what = `Lecture de ${displayUrl(url)}`;
  return withRetry(what, opts, async () => {
    const res = await request(url, { method: 'HEAD', signal: opts.signal }, pageLimits(limits, limits.sireneMaxBytes), what);
    await res.cancel();
    return versionOf(res);
  });
}

/**
 * Refuses a file whose announced size passes `maxBytes` (FEED_SIRENE_MAX_BYTES), before any byte is downloaded.
 * @throws FetchFailure
 */
export function checkAnnouncedSize(url: string, version: RemoteVersion, maxBytes: number): void {
  if (version.size !== null && version.size > maxBytes) {
    throw new FetchFailure(`Téléchargement de ${displayUrl(url)}\u00a0: fichier trop volumineux (${frenchBytes(version.size)} annoncés, limite ${frenchBytes(maxBytes)}).`);
  }
}

function versionOf(res: Pick<OutsideResponse, 'headers' | 'status'>): RemoteVersion {
  const range = /\/(\d+)$/.exec(res.headers.get('content-range') ?? '');
  const length = res.headers.get('content-length');
  return {
    etag: res.headers.get('etag'),
    lastModified: res.headers.get('last-modified'),
    size: range ? Number(range[1]) : res.status === 200 && length !== null ? Number(length) : null,
  };
}

/**
 * Downloads `url` to `dest`, resuming from `dest + '.part'` when a previous attempt (this run's or an earlier
 * one's) left it: a `Range: bytes=n-` request, appended on 206, started over on 200. A transfer cut short, timed out
 * (`limits.sireneTimeoutMs` an attempt) or stalled (`limits.idleMs` without a chunk) is retried from where it
 * stopped. A size announced above `limits.sireneMaxBytes` is refused before reading, and a body that passes it is
 * dropped with its `.part`. The `.part` file is renamed to `dest` only once its size equals the size the server
 * announced (Content-Length, or the total of Content-Range).
 * @param onBytes - called with the bytes on disk as the transfer goes
 * @returns the remote version and the size in bytes
 * @throws FetchFailure (French) on a final failure, a file too large or a size mismatch
 */
export async function downloadWithResume(
  url: string,
  dest: string,
  opts: RetryOptions,
  onBytes?: (bytes: number) => void,
  limits: FeedHttpLimits = DEFAULT_FEED_HTTP,
): Promise<RemoteVersion & { bytes: number }> {
  const what = `Téléchargement de ${displayUrl(url)}`;
  const part = `${dest}.part`;
  const sizeOf = () => (fs.existsSync(part) ? fs.statSync(part).size : 0);
  const max = limits.sireneMaxBytes;
  return withRetry(what, opts, async () => {
    const have = sizeOf();
    const headers: Record<string, string> = have > 0 ? { range: `bytes=${have}-` } : {};
    let res: OutsideResponse;
    try {
      res = await request(url, { headers, signal: opts.signal }, { timeoutMs: limits.sireneTimeoutMs, idleMs: limits.idleMs, maxBytes: max }, what);
    } catch (err) {
      if (err instanceof TooLargeFailure) fs.rmSync(part, { force: true });
      throw err;
    }
    const version = versionOf(res);
    if (res.status === 416) {
      // Nothing left to send from `have`: complete if the server's total matches, else start over.
      await res.cancel();
      if (version.size !== null && version.size === have) return finish(part, dest, version, have, what);
      fs.rmSync(part, { force: true });
      throw new RetryableError('reprise refusée par le serveur (HTTP 416)');
    }
    try {
      checkAnnouncedSize(url, version, max);
    } catch (err) {
      await res.cancel();
      fs.rmSync(part, { force: true });
      throw err;
    }
    const resumed = res.status === 206;
    if (resumed) {
      const start = /^bytes (\d+)-/.exec(res.headers.get('content-range') ?? '');
      if (!start || Number(start[1]) !== have) {
        await res.cancel();
        fs.rmSync(part, { force: true });
        throw new RetryableError('reprise à un autre octet que demandé');
      }
    }
    // Each chunk is on disk before the next is read: whatever arrived before a cut is kept for the resume.
    const out = await fs.promises.open(part, resumed ? 'a' : 'w');
    let written = resumed ? have : 0;
    try {
      for await (const chunk of res.chunks(max - (resumed ? have : 0))) {
        await out.write(chunk);
        onBytes?.((written += chunk.length));
      }
    } catch (err) {
      const failure = failureOf(err, what, written);
      // Past the cap, what arrived is of no use: the next run starts over.
      if (failure instanceof TooLargeFailure) {
        await out.close();
        fs.rmSync(part, { force: true });
      }
      throw failure;
    } finally {
      await out.close().catch(() => {});
    }
    const bytes = sizeOf();
    if (version.size !== null && bytes < version.size) throw new RetryableError(`transfert interrompu à ${bytes} octets sur ${version.size}`);
    return finish(part, dest, version, bytes, what);
  });
}

/** Checks the size of the finished `.part` and renames it. @throws FetchFailure when the size differs */
function finish(part: string, dest: string, version: RemoteVersion, bytes: number, what: string): RemoteVersion & { bytes: number } {
  if (version.size !== null && bytes !== version.size) {
    fs.rmSync(part, { force: true });
    throw new FetchFailure(`${what}\u00a0: taille incorrecte (${bytes} octets reçus, ${version.size} annoncés).`);
  }
  fs.renameSync(part, dest);
  return { ...version, bytes };
}
