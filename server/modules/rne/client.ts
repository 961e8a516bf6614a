/**
 * Client of the INPI RNE API (../shared/samples/inpi/NOTES.md sections 1–3), on Node's fetch:
 * - `rneLogin`: `POST {base}/api/sso/login {username, password}` → `{token}`;
 * - `rneGet`: `GET {base}/api/companies/{siren}` or `…/attachments` with `Authorization: Bearer <token>`.
 * Every call ends within `timeoutMs`. Nothing here logs the password or the token.
 */

/** Outcome of a login. */
export type LoginOutcome =
  | { ok: true; token: string; status: number }
  /** credentials: the service refused them (401 or 403); unreachable: no answer, time-out, or another status. */
  | { ok: false; reason: 'credentials' | 'unreachable'; status: number | null; message: string };

/** Outcome of a GET: the JSON body, or the HTTP status (null when the service did not answer). */
export type GetOutcome = { ok: true; status: number; body: unknown } | { ok: false; status: number | null; message: string };

/** Where and how long. */
export interface RneEndpoint {
  /** Base URL without a trailing slash, e.g. `https://registre-national-entreprises.inpi.fr`. */
  baseUrl: string;
  /** Time-out of one call, in milliseconds. */
  timeoutMs: number;
}

/** Why a login failed, 401: the service refused the email and password. */
export const CREDENTIALS_REFUSED = 'Identifiants refusés par le service RNE.';
/** Why a login failed, 403: the service knows the account but bars it (locked after failed logins, or without access). */
export const ACCOUNT_LOCKED = 'Compte bloqué ou accès interdit par le service RNE (HTTP 403).';

const HEADERS = { accept: 'application/json', 'user-agent': 'vigie back-office' };

/** Why a call got no answer, in French (network error or time-out). */
function noAnswer(err: unknown): string {
  const name = (err as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return 'Service RNE injoignable (délai dépassé).';
  return 'Service RNE injoignable (pas de réponse).';
}

/**
 * Logs in to the RNE service.
 * @returns ok with the token on 2xx with a `token` string; `credentials` on 401 (CREDENTIALS_REFUSED) or 403
 *   (ACCOUNT_LOCKED); `unreachable` otherwise (the HTTP status when the service answered; a 2xx without token
 *   says « Réponse inattendue… »), each with its French reason. Never throws.
 */
export async function rneLogin(endpoint: RneEndpoint, username: string, password: string): Promise<LoginOutcome> {
  let res: Response;
  try {
    res = await fetch(`${endpoint.baseUrl}/api/sso/login`, {
      method: 'POST',
      headers: { ...HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
      signal: AbortSignal.timeout(endpoint.timeoutMs),
    });
  } catch (err) {
    return { ok: false, reason: 'unreachable', status: null, message: noAnswer(err) };
  }
  if (res.status === 401 || res.status === 403) {
    await res.body?.cancel();
    return { ok: false, reason: 'credentials', status: res.status, message: res.status === 401 ? CREDENTIALS_REFUSED : ACCOUNT_LOCKED };
  }
  if (!res.ok) {
    await res.body?.cancel();
    return { ok: false, reason: 'unreachable', status: res.status, message: `Service RNE indisponible (HTTP ${res.status}).` };
  }
  const body = (await res.json().catch(() => null)) as { token?: unknown } | null;
  if (!body || typeof body.token !== 'string' || body.token === '') {
    return { ok: false, reason: 'unreachable', status: res.status, message: `Réponse inattendue du service RNE (HTTP ${res.status}, sans jeton).` };
  }
  return { ok: true, token: body.token, status: res.status };
}

/**
 * GETs `path` (e.g. `/api/companies/552032534`) with the bearer token.
 * @returns the parsed JSON on 2xx; otherwise the status (null when no answer) and a French message. Never throws.
 */
export async function rneGet(endpoint: RneEndpoint, path: string, token: string, signal?: AbortSignal): Promise<GetOutcome> {
  let res: Response;
  try {
    const timeout = AbortSignal.timeout(endpoint.timeoutMs);
    res = await fetch(`${endpoint.baseUrl}${path}`, {
      headers: { ...HEADERS, authorization: `Bearer ${token}` },
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    return { ok: false, status: null, message: noAnswer(err) };
  }
  if (!res.ok) {
    await res.body?.cancel();
    return { ok: false, status: res.status, message: `Service RNE\u00a0: HTTP ${res.status}.` };
  }
  try {
    return { ok: true, status: res.status, body: await res.json() };
  } catch {
    return { ok: false, status: res.status, message: 'Réponse du service RNE illisible (JSON attendu).' };
  }
}
