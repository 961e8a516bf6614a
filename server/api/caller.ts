/**
 * What every `/v1` route needs to read: the database of the caller's environment (the production database for a
 * Prod token, the sandbox's for a Sandbox token: server/api/sandbox.ts) and the SIREN of a parameter.
 */
import type { FastifyRequest } from 'fastify';
import { readSirenOrSiret } from '../../contract/siren';
import type { Db } from '../db/client';
import { ApiProblem } from '../http/problem';
import type { Sandbox } from './sandbox';

/** Chooses the database a request reads. */
export type DbOf = (req: FastifyRequest) => Promise<Db>;

/**
 * The `DbOf` of the production database `db` and the sandbox `sandbox`.
 * @throws ApiProblem `unavailable` (503, `Retry-After`) for a Sandbox token while the sandbox data set is not ready
 */
export function databaseOfCaller(db: Db, sandbox: Sandbox): DbOf {
  return async (req) => {
    if (!req.apiClient) throw new ApiProblem('unauthorized', 'Jeton d’accès absent.');
    return req.apiClient.environment === 'sandbox' ? sandbox.db() : db;
  };
}

/**
 * The SIREN of a `siren` parameter: 9 digits with a valid check digit, or a valid SIRET reduced to its SIREN.
 * @throws ApiProblem `invalid-request` (400) with the French reason, for the parameter `name`
 */
export function sirenOf(value: string, name = 'siren'): string {
  const read = readSirenOrSiret(value);
  if (!read.ok) throw new ApiProblem('invalid-request', read.message, [{ name, reason: read.message }]);
  return read.siren;
}
