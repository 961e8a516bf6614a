/**
 * Every call vigie makes to an outside HTTP service (the INPI RNE API, the Opendatasoft BODACC records endpoint,
 * the INSEE stock downloads) goes through `outsideFetch`, on Node's fetch (undici), with the limits such a call
 * needs whatever the service sends:
 * - a TOTAL time limit (`timeoutMs`) that covers the connection, the headers AND the reading of the body;
 * - an idle limit (`idleMs`) between two chunks of the body: a server that stalls is dropped even within the total;
 * - a byte cap (`maxBytes`): a `Content-Length` above it is refused before a byte is read, and the body is counted
 *   while it streams in (`res.body` reader) and dropped as soon as it passes the cap — never buffered whole first;
 * - redirects: `manual` for calls that carry credentials (a password in the body, a bearer token): a 3xx is a
 *   failure and its `Location` is neither followed nor reported (it may name an internal host or port).
 * Failures are `OutsideHttpError`s (a `kind` and a French fragment such as « délai dépassé (20 s) »), which each
 * caller turns into its own French message; nothing here throws anything else, logs, or keeps a timer running once
 * the body is read or cancelled.
 */

/** Why an outside call failed. */
export type OutsideFailureKind =
  /** No answer: connection refused, DNS, TLS, reset before the headers. */
  | 'network'
  /** The body was cut short by the peer. */
  | 'cut'
  /** The total time limit passed (headers or body). */
  | 'timeout'
  /** No chunk of the body arrived within the idle limit. */
  | 'idle'
  /** The body (announced or counted) passed the byte cap. */
  | 'too-large'
  /** A 3xx answer to a call that does not follow redirects. */
  | 'redirect'
  /** The caller's signal aborted (the server stops). */
  | 'aborted'
  /** The body is not JSON (`json()`). */
  | 'not-json';

/** A failed outside call: `message` is a French fragment (« réponse trop volumineuse (plus de 32 Mo) »). */
export class OutsideHttpError extends Error {
  constructor(
    readonly kind: OutsideFailureKind,
    message: string,
    /** The HTTP status when the service answered (a redirect, a body too large). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutsideHttpError';
  }
}

/** The limits of one call. */
export interface OutsideLimits {
  /** Total time limit of the call, headers and body, in milliseconds. */
  timeoutMs: number;
  /** Longest wait between two chunks of the body, in milliseconds (default: the total limit). */
  idleMs?: number;
  /** Most bytes of body read (the `Content-Length` announced is checked against it first). */
  maxBytes: number;
  /** `manual`: a 3xx is an `OutsideHttpError` `redirect` (use it whenever the call carries credentials). Default `follow`. */
  redirect?: 'follow' | 'manual';
}

/** An answer whose body is read under the call's limits. */
export interface OutsideResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  /**
   * The body chunk by chunk, counted against `maxBytes` (default: the call's cap) and the idle limit.
   * @throws OutsideHttpError (`too-large`, `idle`, `timeout`, `cut`, `aborted`)
   */
  chunks(maxBytes?: number): AsyncGenerator<Uint8Array>;
  /** The whole body (at most the cap). @throws OutsideHttpError */
  bytes(): Promise<Buffer>;
  /** The whole body parsed as JSON (UTF-8). @throws OutsideHttpError, `not-json` when it does not parse */
  json(): Promise<unknown>;
  /** Drops the body and frees the connection and the timers. Never throws. */
  cancel(): Promise<void>;
}

/** `init` of a call: as fetch's, without `redirect` (see OutsideLimits) and with an optional outer signal. */
export type OutsideInit = Omit<RequestInit, 'redirect' | 'signal'> & { signal?: AbortSignal };

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** A size in French units (`32 Mo`, `4 Go`, `512 octets`), binary multiples. */
export function frenchBytes(n: number): string {
  const fmt = (v: number) => v.toLocaleString('fr-FR', { maximumFractionDigits: 1 });
  if (n >= GB) return `${fmt(n / GB)}\u00a0Go`;
  if (n >= MB) return `${fmt(n / MB)}\u00a0Mo`;
  if (n >= 1024) return `${fmt(n / 1024)}\u00a0ko`;
  return `${n}\u00a0octet${n > 1 ? 's' : ''}`;
}

/** A duration in French seconds (`20 s`, `0,3 s`). */
export function frenchSeconds(ms: number): string {
  return `${(ms / 1000).toLocaleString('fr-FR', { maximumFractionDigits: 1 })}\u00a0s`;
}

/** The French fragment of each failure. */
function failure(kind: OutsideFailureKind, limits: OutsideLimits, detail?: { status?: number; err?: unknown; maxBytes?: number }): OutsideHttpError {
  const status = detail?.status;
  switch (kind) {
    case 'timeout':
      return new OutsideHttpError(kind, `délai dépassé (${frenchSeconds(limits.timeoutMs)})`, status);
    case 'idle':
      return new OutsideHttpError(kind, `aucune donnée reçue pendant ${frenchSeconds(limits.idleMs ?? limits.timeoutMs)}`, status);
    case 'too-large':
      return new OutsideHttpError(kind, `réponse trop volumineuse (plus de ${frenchBytes(detail?.maxBytes ?? limits.maxBytes)})`, status);
    case 'redirect':
      return new OutsideHttpError(kind, `redirection (HTTP ${status}), non suivie`, status);
    case 'aborted':
      return new OutsideHttpError(kind, 'interrompu (le serveur s’arrête)', status);
    case 'not-json':
      return new OutsideHttpError(kind, 'la réponse n’est pas du JSON', status);
    case 'cut':
      return new OutsideHttpError(kind, `transfert interrompu\u00a0: ${reason(detail?.err)}`, status);
    default:
      return new OutsideHttpError(kind, `erreur réseau\u00a0: ${reason(detail?.err)}`, status);
  }
}

/** The system code of a network error (`ECONNREFUSED`…), else its message. */
function reason(err: unknown): string {
  const e = err as (Error & { cause?: { code?: string; message?: string } }) | undefined;
  return e?.cause?.code ?? e?.cause?.message ?? e?.message ?? 'inconnue';
}

/**
 * Calls `url` under `limits` (see the module docstring).
 * @returns the answer, whatever its status (a 3xx only when redirects are followed and the service sent one without
 *   `Location`); its body must be read through `chunks`, `bytes` or `json`, or dropped with `cancel` (a HEAD too)
 * @throws OutsideHttpError `network`, `timeout`, `aborted` (no answer), `redirect` (manual), `too-large` (an announced
 *   `Content-Length` above the cap; a HEAD is not checked)
 */
export async function outsideFetch(url: string, init: OutsideInit, limits: OutsideLimits): Promise<OutsideResponse> {
  const controller = new AbortController();
  let why: OutsideFailureKind | null = null;
  let idle: NodeJS.Timeout | undefined;
  const stop = (kind: OutsideFailureKind) => {
    why ??= kind;
    controller.abort();
  };
  // Unref'd: a pending call keeps the process alive through its socket, not through its timers.
  const total = setTimeout(() => stop('timeout'), limits.timeoutMs).unref();
  const outer = init.signal;
  const onOuter = () => stop('aborted');
  if (outer?.aborted) stop('aborted');
  else outer?.addEventListener('abort', onOuter, { once: true });
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    clearTimeout(total);
    clearTimeout(idle);
    outer?.removeEventListener('abort', onOuter);
  };

  let res: Response;
  try {
    const { signal: _outer, ...rest } = init;
    res = await fetch(url, { ...rest, redirect: limits.redirect ?? 'follow', signal: controller.signal });
  } catch (err) {
    settle();
    throw failure(why ?? 'network', limits, { err });
  }
  const cancel = async () => {
    settle();
    await res.body?.cancel().catch(() => {});
  };
  if (limits.redirect === 'manual' && res.status >= 300 && res.status < 400) {
    await cancel();
    throw failure('redirect', limits, { status: res.status });
  }
  const announced = res.headers.get('content-length');
  if ((init.method ?? 'GET').toUpperCase() !== 'HEAD' && announced !== null && Number(announced) > limits.maxBytes) {
    await cancel();
    throw failure('too-large', limits, { status: res.status });
  }

  async function* chunks(maxBytes = limits.maxBytes): AsyncGenerator<Uint8Array> {
    if (!res.body) return settle();
    const reader = res.body.getReader();
    const idleMs = limits.idleMs ?? limits.timeoutMs;
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => stop('idle'), idleMs).unref();
    };
    let count = 0;
    let finished = false;
    try {
      for (;;) {
        arm();
        let part: Awaited<ReturnType<typeof reader.read>>;
        try {
          part = await reader.read();
        } catch (err) {
          throw failure(why ?? 'cut', limits, { err, status: res.status });
        }
        clearTimeout(idle);
        if (part.done) {
          finished = true;
          return;
        }
        count += part.value.byteLength;
        if (count > maxBytes) throw failure('too-large', limits, { status: res.status, maxBytes });
        yield part.value;
      }
    } finally {
      settle();
      if (!finished) await reader.cancel().catch(() => {});
    }
  }

  const bytes = async () => {
    const parts: Uint8Array[] = [];
    for await (const c of chunks()) parts.push(c);
    return Buffer.concat(parts);
  };
  return {
    status: res.status,
    ok: res.ok,
    headers: res.headers,
    chunks,
    bytes,
    json: async () => {
      const text = (await bytes()).toString('utf8');
      try {
        return JSON.parse(text) as unknown;
      } catch {
        throw failure('not-json', limits, { status: res.status });
      }
    },
    cancel,
  };
}
