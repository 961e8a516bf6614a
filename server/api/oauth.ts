/**
 * The OAuth 2.0 side of the customer API, through `@node-oauth/oauth2-server` (the grant's parsing and checks are
 * the library's; the model is server/api/tokens.ts):
 * - `POST /oauth/token` (RFC 6749 section 4.4): `grant_type=client_credentials`, the client authenticated by HTTP
 *   Basic or by `client_id` / `client_secret` in the form body; answers `{access_token, token_type: "Bearer",
 *   expires_in}` with `Cache-Control: no-store`; errors as RFC 6749 section 5.2 `{error, error_description}`
 *   (`invalid_client` 401 with `WWW-Authenticate` when Basic was used, else 400; `unsupported_grant_type`,
 *   `invalid_request` 400);
 * - `authenticateCaller`: the bearer token of a `/v1` call (RFC 6750 section 2.1, `Authorization: Bearer`), whose
 *   refusal is a 401 problem (RFC 9457) with the library's `WWW-Authenticate`.
 */
import OAuth2Server from '@node-oauth/oauth2-server';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { SecretBox } from '../lib/app-key';
import { ApiProblem, problemErrorHandler } from '../http/problem';
import { findClient, findToken, newAccessToken, saveToken, type ApiClient, type OAuthClient } from './tokens';

const { Request, Response, OAuthError } = OAuth2Server;

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer and environment of the bearer token (customer API routes only). */
    apiClient?: ApiClient;
  }
}

/** The OAuth 2 server of the customer API: client credentials only, tokens living `tokenLifetimeSeconds`. */
export function createOAuthServer(db: Db, box: SecretBox, tokenLifetimeSeconds: number): OAuth2Server {
  const model = {
    getClient: (clientId: string, clientSecret: string) => findClient(db, box, clientId, clientSecret ?? ''),
    getUserFromClient: (client: OAuthClient) => ({ customerId: client.customerId }),
    generateAccessToken: async () => newAccessToken(),
    saveToken: async (token: OAuth2Server.Token, client: OAuthClient, user: OAuth2Server.User) => {
      await saveToken(db, token.accessToken, client, token.accessTokenExpiresAt as Date);
      return { ...token, client, user };
    },
    getAccessToken: async (accessToken: string) => {
      const found = await findToken(db, accessToken);
      if (!found) return null;
      return {
        accessToken,
        accessTokenExpiresAt: found.expiresAt,
        client: { id: String(found.customerId), grants: ['client_credentials'] },
        user: { customerId: found.customerId, environment: found.environment },
      };
    },
  };
  return new OAuth2Server({
    model: model as unknown as OAuth2Server.ClientCredentialsModel,
    accessTokenLifetime: tokenLifetimeSeconds,
    allowExtendedTokenAttributes: false,
  });
}

/** The library's view of a Fastify request. */
function oauthRequest(req: FastifyRequest): OAuth2Server.Request {
  return new Request({
    method: req.method,
    headers: req.headers as Record<string, string>,
    query: (req.query ?? {}) as Record<string, string>,
    body: (req.body ?? {}) as Record<string, string>,
  });
}

/** The error inside a library `server_error` (a database failure), so that it is answered as such. */
function unwrap(err: unknown): unknown {
  const inner = (err as { inner?: unknown }).inner;
  return err instanceof OAuthError && (err as { name?: string }).name === 'server_error' && inner ? inner : err;
}

/** Handles `POST /oauth/token` (see the module comment). */
export async function handleTokenRequest(server: OAuth2Server, req: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const response = new Response({ headers: {} });
  try {
    const token = await server.token(oauthRequest(req), response);
    reply.headers(response.headers as Record<string, string>);
    return reply.status(200).send({
      access_token: token.accessToken,
      token_type: 'Bearer',
      expires_in: Math.max(0, Math.round(((token.accessTokenExpiresAt as Date).getTime() - Date.now()) / 1000)),
    });
  } catch (err) {
    const cause = unwrap(err);
    if (!(cause instanceof OAuthError)) throw cause;
    reply.headers({ ...(response.headers as Record<string, string>), 'cache-control': 'no-store', pragma: 'no-cache' });
    return reply.status(cause.code).send({ error: cause.name, error_description: cause.message });
  }
}

/**
 * Resolves the bearer token of a `/v1` request into `req.apiClient`.
 * @throws ApiProblem `unauthorized` (401, with `WWW-Authenticate`) for a missing, malformed, unknown, expired or
 *   revoked token
 */
export async function authenticateCaller(server: OAuth2Server, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const response = new Response({ headers: {} });
  try {
    const token = await server.authenticate(oauthRequest(req), response, { addAcceptedScopesHeader: false, addAuthorizedScopesHeader: false });
    const user = token.user as { customerId: number; environment: ApiClient['environment'] };
    req.apiClient = { customerId: user.customerId, environment: user.environment };
  } catch (err) {
    const cause = unwrap(err);
    if (!(cause instanceof OAuthError)) throw cause;
    const challenge = (response.headers as Record<string, string>)['www-authenticate'];
    if (challenge) reply.header('www-authenticate', challenge);
    const detail = cause.name === 'unauthorized_request'
      ? 'Envoyez un jeton d’accès dans l’en-tête Authorization (Bearer), obtenu sur POST /oauth/token.'
      : 'Le jeton d’accès est invalide, expiré ou révoqué\u00a0: demandez-en un nouveau sur POST /oauth/token.';
    throw new ApiProblem('unauthorized', detail);
  }
}

/**
 * The error handler of `/oauth/token`: a request refused before the grant is read (a control character in its
 * query, an unreadable body) is an RFC 6749 section 5.2 `invalid_request`, 400; a refusal of the rate limiter (429,
 * which RFC 6749 does not cover) and a server failure stay RFC 9457 problems (server/http/problem.ts).
 */
export function oauthErrorHandler(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = err instanceof ApiProblem ? 0 : (err.statusCode ?? 500);
  if (status >= 400 && status < 500 && status !== 429) {
    return reply
      .status(400)
      .headers({ 'cache-control': 'no-store', pragma: 'no-cache' })
      .send({ error: 'invalid_request', error_description: 'La requête ne peut pas être lue.' });
  }
  return problemErrorHandler(err, req, reply);
}
