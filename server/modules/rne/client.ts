/**
 * Client of the INPI RNE API (../shared/samples/inpi/NOTES.md sections 1–3), on the shared outside-call mechanism
 * (server/lib/outside-http.ts):
 * - `rneLogin`: `POST {base}/api/sso/login {username, password}` → `{token}`;
 * - `rneGet`: `GET {base}/api/companies/{siren}` or `…/attachments` with `Authorization: Bearer <token>`.
 * Every call ends within `timeoutMs`, the reading of the answer included, and reads at most `maxBytes` of it.
 * Both calls carry credentials, so neither follows a redirect: a 3xx is a failure (REDIRECT_REFUSED) that names
 * neither the target host nor its port. Nothing here logs the password or the token.
 */
import type { AppConfig } from '../../config';
import { frenchBytes, outsideFetch, OutsideHttpError, type OutsideResponse } from '../../lib/outside-http';

/** Outcome of a login. */
export type LoginOutcome =
  | { ok: true; token: string; status: number }
  /** credentials: the service refused them (401 or 403); unreachable: no answer, time-out, redirect, too large, or another status. */
  | { ok: false; reason: 'credentials' | 'unreachable'; status: number | null; message: string };

/**
 * Outcome of a GET: the JSON body, or the HTTP status (null when the service did not answer). `refused`: the answer
 * itself is unusable whatever the attempt (past the byte cap), so the entry is not worth another one.
 */
export type GetOutcome = { ok: true; status: number; body: unknown } | { ok: false; status: number | null; message: string; refused?: boolean };

/** Where, how long and how much. */
export interface RneEndpoint {
  /** Base URL without a trailing slash, e.g. `https://registre-national-entreprises.inpi.fr`. */
  baseUrl: string;
  /** Total time limit of one call (headers and body), in milliseconds. */
  timeoutMs: number;
  /** Most bytes of one answer read (RNE_MAX_RESPONSE_BYTES). */
  maxBytes: number;
}

/** The endpoint of the configuration (RNE_API_URL, RNE_TIMEOUT_MS, RNE_MAX_RESPONSE_BYTES). */
export function rneEndpoint(config: Pick<AppConfig, 'rneApiUrl' | 'rneTimeoutMs' | 'rneMaxResponseBytes'>): RneEndpoint {
  return { baseUrl: config.rneApiUrl.replace(/\/+$/, ''), timeoutMs: config.rneTimeoutMs, maxBytes: config.rneMaxResponseBytes };
}

/** Why a login failed, 401: the service refused the email and password. */
export const CREDENTIALS_REFUSED = 'Identifiants refusés par le service RNE.';
/** Why a login failed, 403: the service knows the account but bars it (locked after failed logins, or without access). */
export const ACCOUNT_LOCKED = 'Compte bloqué ou accès interdit par le service RNE (HTTP 403).';
/** Why a call failed: the service answered a redirect, not followed (the call carries the password or the token). */
export const REDIRECT_REFUSED = (status: number) => `Le service RNE a répondu par une redirection (HTTP ${status}), non suivie.`;
/** Why a call failed: the answer passed RNE_MAX_RESPONSE_BYTES. */
export const TOO_LARGE = (maxBytes: number) => `Réponse du service RNE trop volumineuse (plus de ${frenchBytes(maxBytes)}), abandonnée.`;

const HEADERS = { accept: 'application/json', 'user-agent': 'vigie back-office' };

/** The French message of a failed call (no answer, time-out, redirect, too large, cut). */
function failureMessage(err: OutsideHttpError, endpoint: RneEndpoint): string {
  switch (err.kind) {
    case 'timeout':
    case 'idle':
      return 'Service RNE injoignable (délai dépassé).';
    case 'redirect':
      return REDIRECT_REFUSED(err.status ?? 300);
    case 'too-large':
      return TOO_LARGE(endpoint.maxBytes);
    case 'cut':
      return 'Service RNE\u00a0: réponse interrompue avant la fin.';
    case 'aborted':
      return 'Service RNE\u00a0: appel interrompu (le serveur s’arrête).';
    case 'not-json':
      return 'Réponse du service RNE illisible (JSON attendu).';
    default:
      return 'Service RNE injoignable (pas de réponse).';
  }
}

/** The status a failure reports: the service's when it answered (redirect, too large), else null. */
function failureStatus(err: OutsideHttpError): number | null {
  return err.kind === 'redirect' || err.kind === 'too-large' || err.kind === 'not-json' ? (err.status ?? null) : null;
}

/** Rethrows anything that is not an OutsideHttpError (a bug, not a service failure). */
function asOutside(err: unknown): OutsideHttpError {
  if (err instanceof OutsideHttpError) return err;
  throw err;
}

/**
 * Logs in to the RNE service.
 * @returns ok with the token on 2xx with a `token` string; `credentials` on 401 (CREDENTIALS_REFUSED) or 403
 *   (ACCOUNT_LOCKED); `unreachable` otherwise (the HTTP status when the service answered; a 2xx without token
 *   says « Réponse inattendue… », a 3xx REDIRECT_REFUSED, an answer past the cap TOO_LARGE), each with its French
 *   reason. Never throws for a service failure.
 */
export async function rneLogin(endpoint: RneEndpoint, username: string, password: string): Promise<LoginOutcome> {
  let res: OutsideResponse;
  try {
    res = await outsideFetch(
      `${endpoint.baseUrl}/api/sso/login`,
      { method: 'POST', headers: { ...HEADERS, 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) },
      { timeoutMs: endpoint.timeoutMs, maxBytes: endpoint.maxBytes, redirect: 'manual' },
    );
  } catch (err) {
    const e = asOutside(err);
    return { ok: false, reason: 'unreachable', status: failureStatus(e), message: failureMessage(e, endpoint) };
  }
  if (res.status === 401 || res.status === 403) {
    await res.cancel();
    return { ok: false, reason: 'credentials', status: res.status, message: res.status === 401 ? CREDENTIALS_REFUSED : ACCOUNT_LOCKED };
  }
  if (!res.ok) {
    await res.cancel();
    return { ok: false, reason: 'unreachable', status: res.status, message: `Service RNE indisponible (HTTP ${res.status}).` };
  }
  let body: { token?: unknown } | null;
  try {
    body = (await res.json()) as { token?: unknown } | null;
  } catch (err) {
    const e = asOutside(err);
    if (e.kind !== 'not-json') return { ok: false, reason: 'unreachable', status: failureStatus(e), message: failureMessage(e, endpoint) };
    body = null;
  }
  if (!body || typeof body.token !== 'string' || body.token === '') {
    return { ok: false, reason: 'unreachable', status: res.status, message: `Réponse inattendue du service RNE (HTTP ${res.status}, sans jeton).` };
  }
  return { ok: true, token: body.token, status: res.status };
}

/**
 * GETs `path` (e.g. `/api/companies/552032534`) with the bearer token.
 * @param signal - aborts the call (the worker stops)
 * @returns the parsed JSON on 2xx; otherwise the status (null when no answer) and a French message, `refused` for an
 *   answer past the byte cap. Never throws for a service failure.
 */
export async function rneGet(endpoint: RneEndpoint, path: string, token: string, signal?: AbortSignal): Promise<GetOutcome> {
  let res: OutsideResponse;
  try {
    res = await outsideFetch(
      `${endpoint.baseUrl}${path}`,
      { headers: { ...HEADERS, authorization: `Bearer ${token}` }, signal },
      { timeoutMs: endpoint.timeoutMs, maxBytes: endpoint.maxBytes, redirect: 'manual' },
    );
  } catch (err) {
    const e = asOutside(err);
    return { ok: false, status: failureStatus(e), message: failureMessage(e, endpoint), ...(e.kind === 'too-large' ? { refused: true } : {}) };
  }
  if (!res.ok) {
    await res.cancel();
    return { ok: false, status: res.status, message: `Service RNE\u00a0: HTTP ${res.status}.` };
  }
  try {
    return { ok: true, status: res.status, body: await res.json() };
  } catch (err) {
    const e = asOutside(err);
    return { ok: false, status: res.status, message: failureMessage(e, endpoint), ...(e.kind === 'too-large' ? { refused: true } : {}) };
  }
}
