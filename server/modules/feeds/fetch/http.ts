/**
 * HTTP for the scheduled fetch, on Node's fetch (undici): retries with exponential
 * backoff on a network error, a 5xx or a 429 (a 4xx other than 429 is final), a JSON GET, and a download
 * with resume (HTTP Range, RFC 9110 section 14) into a `.part` file whose final size is checked against the
 * announced one before the file is handed over. Errors are `FetchFailure`s with a French message that names
 * the address without its query string (it may carry a key).
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

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

/** `fetch` whose network errors become `RetryableError`s and whose 5xx / 429 too; a 4xx other than 429 is a FetchFailure. */
async function request(url: string, init: RequestInit, what: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    if (init.signal?.aborted) throw new FetchFailure(`${what}\u00a0: interrompu (le serveur s’arrête).`);
    throw new RetryableError(`erreur réseau\u00a0: ${(err as Error & { cause?: { code?: string } }).cause?.code ?? (err as Error).message}`);
  }
  if (retryable(res.status)) {
    await res.body?.cancel();
    throw new RetryableError(`HTTP ${res.status}`);
  }
  if (res.status >= 400 && res.status !== 416) {
    await res.body?.cancel();
    throw new FetchFailure(`${what}\u00a0: le serveur a répondu HTTP ${res.status}.`, res.status);
  }
  return res;
}

/**
 * GETs `url` and parses its JSON body, with retries.
 * @throws FetchFailure (French) on a final failure or a body that is not JSON
 */
export async function getJson(url: string, opts: RetryOptions): Promise<unknown> {
  const what = `Lecture de ${displayUrl(url)}`;
  return withRetry(what, opts, async () => {
    const res = await request(url, { headers: { accept: 'application/json' }, signal: opts.signal }, what);
    const text = await res.text().catch((err: Error) => {
      throw new RetryableError(`transfert interrompu\u00a0: ${err.message}`);
    });
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new FetchFailure(`${what}\u00a0: la réponse n’est pas du JSON.`);
    }
  });
}

/** The validators of a remote file (to tell a new monthly stock from the one already imported). */
export interface RemoteVersion {
  etag: string | null;
  lastModified: string | null;
  /** Size announced by the server, in bytes (null when it does not say). */
  size: number | null;
}

/** HEAD of `url`, with retries. @throws FetchFailure */
export async function headVersion(url: string, opts: RetryOptions): Promise<RemoteVersion> {
  const what = `Lecture de ${displayUrl(url)}`;
  return withRetry(what, opts, async () => {
    const res = await request(url, { method: 'HEAD', signal: opts.signal }, what);
    return versionOf(res);
  });
}

function versionOf(res: Response): RemoteVersion {
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
 * one's) left it: a `Range: bytes=n-` request, appended on 206, started over on 200. A transfer cut short
 * is retried from where it stopped. The `.part` file is renamed to `dest` only once its size equals the
 * size the server announced (Content-Length, or the total of Content-Range).
 * @param onBytes - called with the bytes on disk as the transfer goes
 * @returns the remote version and the size in bytes
 * @throws FetchFailure (French) on a final failure or a size mismatch
 */
export async function downloadWithResume(url: string, dest: string, opts: RetryOptions, onBytes?: (bytes: number) => void): Promise<RemoteVersion & { bytes: number }> {
  const what = `Téléchargement de ${displayUrl(url)}`;
  const part = `${dest}.part`;
  const sizeOf = () => (fs.existsSync(part) ? fs.statSync(part).size : 0);
  return withRetry(what, opts, async () => {
    const have = sizeOf();
    const headers: Record<string, string> = have > 0 ? { range: `bytes=${have}-` } : {};
    const res = await request(url, { headers, signal: opts.signal }, what);
    const version = versionOf(res);
    if (res.status === 416) {
      // Nothing left to send from `have`: complete if the server's total matches, else start over.
      await res.body?.cancel();
      if (version.size !== null && version.size === have) return finish(part, dest, version, have, what);
      fs.rmSync(part, { force: true });
      throw new RetryableError('reprise refusée par le serveur (HTTP 416)');
    }
    const resumed = res.status === 206;
    if (resumed) {
      const start = /^bytes (\d+)-/.exec(res.headers.get('content-range') ?? '');
      if (!start || Number(start[1]) !== have) {
        await res.body?.cancel();
        fs.rmSync(part, { force: true });
        throw new RetryableError('reprise à un autre octet que demandé');
      }
    }
    if (!res.body) throw new RetryableError('réponse sans contenu');
    // Each chunk is on disk before the next is read: whatever arrived before a cut is kept for the resume.
    const out = await fs.promises.open(part, resumed ? 'a' : 'w');
    let written = resumed ? have : 0;
    try {
      for await (const chunk of Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>) as AsyncIterable<Buffer>) {
        await out.write(chunk);
        onBytes?.((written += chunk.length));
      }
    } catch (err) {
      if (opts.signal?.aborted) throw new FetchFailure(`${what}\u00a0: interrompu (le serveur s’arrête).`);
      throw new RetryableError(`transfert interrompu à ${written} octets\u00a0: ${(err as Error).message}`);
    } finally {
      await out.close();
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
