/**
 * Calls of the register (RNE) accounts (contract/rne.ts): the two account lists
 * (`GET /api/supervisions/inpiall` for the officers pool, `rneall` for the filings pool), the account
 * management (`POST rne/accounts`, `rne/accounts/{id}`, `…/toggle`, `…/delete`) and the check
 * (`GET syncInpiAccount/{id}`).
 */
import type { z } from 'zod';
import type {
  PoolName,
  RneAccountRecord,
  RneFilingsAccount,
  RneOfficersAccount,
  RneSyncResult,
  rneAccountBody,
  rneAccountUpdateBody,
} from '../../../../../contract/rne';
import { api, ApiError, ok } from '../../../api/client';

export type { PoolName, RneAccountRecord, RneFilingsAccount, RneOfficersAccount, RneSyncResult };

/** Body of the add call as the form sends it (`status` may be left out: enabled). */
export type RneAccountCreateBody = z.input<typeof rneAccountBody>;
/** Body of the edit call (`password` left out: kept). */
export type RneAccountUpdateBody = z.input<typeof rneAccountUpdateBody>;

/** GET inpiall: the accounts of the officers pool (first table), with today's counters (Europe/Paris). */
export function fetchOfficersAccounts(signal?: AbortSignal): Promise<RneOfficersAccount[]> {
  return ok(api.GET('/api/supervisions/inpiall', { signal }));
}

/** GET rneall: the accounts of the filings pool (second table), with today's counters (Europe/Paris). */
export function fetchFilingsAccounts(signal?: AbortSignal): Promise<RneFilingsAccount[]> {
  return ok(api.GET('/api/supervisions/rneall', { signal }));
}

/** Every account of both pools (officers first). */
export async function fetchAllAccounts(): Promise<RneAccountRecord[]> {
  const [officers, filings] = await Promise.all([fetchOfficersAccounts(), fetchFilingsAccounts()]);
  return [...officers, ...filings];
}

/**
 * One account, found in the two lists (the contract has no route for one account; a pool holds a few
 * accounts). Throws an `ApiError` 404 when no list has it, as a route would.
 */
export async function fetchAccount(id: number): Promise<RneAccountRecord> {
  const account = (await fetchAllAccounts()).find((row) => row.id === id);
  if (!account) throw new ApiError(404, 'Item does not exist!');
  return account;
}

/**
 * GET syncInpiAccount/{id}: logs in to the RNE service with the account; always 200 once the account
 * exists, the outcome (`ok`, `credentials`, `unreachable`) and its French text in the answer.
 */
export function syncAccount(id: number): Promise<RneSyncResult> {
  return ok(api.GET('/api/supervisions/syncInpiAccount/{id}', { params: { path: { id: String(id) } } }));
}
