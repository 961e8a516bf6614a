/**
 * `GET /api/supervisions/syncInpiAccount/{id}` (SPEC section 7): logs in to the RNE service
 * (`POST {RNE_API_URL}/api/sso/login`, server/modules/rne/client.ts) with the account's credentials and records
 * the outcome on the account: `token_ok` 1/0, the new token sealed (dropped when the credentials are refused),
 * `checked_at` (the spec's `passage`) = now, `changed_at` (`last_change`) = now only when `token_ok` changed,
 * `last_error` the French message of a failure. The answer carries the toast text. Neither the password nor
 * the token is logged. The outcome is recorded with its route's audit entry (the result and the HTTP status).
 */
import { eq, sql } from 'drizzle-orm';
import type { RneSyncResult } from '../../../contract/rne';
import type { AppContext } from '../../context';
import { auditedWrite } from '../../lib/audit';
import { rneAccounts } from '../../db/schema/rne';
import { CREDENTIALS_REFUSED, rneEndpoint, rneLogin, type LoginOutcome } from './client';
import { accountsResource } from './accounts';

/** Toast of a successful login. */
export const SYNC_OK = 'Connexion au service RNE réussie.';
/** Toast of refused credentials (401; a 403 answers the client's ACCOUNT_LOCKED). */
export const SYNC_CREDENTIALS = CREDENTIALS_REFUSED;

/**
 * Toast of a service that did not log in: with its HTTP status (an error status), or the client's own reason when
 * it did not answer, answered a redirect (not followed, its target never named) or an answer too large.
 */
export function unreachableMessage(outcome: Extract<LoginOutcome, { ok: false }>): string {
  if (outcome.status !== null && outcome.status >= 400) return `Service RNE injoignable (HTTP ${outcome.status}).`;
  return outcome.message;
}

/**
 * Checks account `id` against the RNE service and records the outcome.
 * @returns `ok`, `credentials` (401/403) or `unreachable` (no answer, time-out, another status), the service's
 *   HTTP status (null without an answer), the toast text and the account as it now is
 * @throws AppError 404 for an unknown account
 */
export async function syncAccount(ctx: AppContext, id: number): Promise<RneSyncResult> {
  const resource = accountsResource(ctx.box);
  const account = await resource.find(ctx.db, id);
  const outcome = await rneLogin(rneEndpoint(ctx.config), account.email, ctx.box.decrypt(account.passwordEnc));
  const tokenOk = outcome.ok ? 1 : 0;
  const message = outcome.ok ? SYNC_OK : outcome.reason === 'credentials' ? outcome.message : unreachableMessage(outcome);
  const token = outcome.ok ? { tokenEnc: ctx.box.encrypt(outcome.token) } : outcome.reason === 'credentials' ? { tokenEnc: null } : {};
  // The outcome and its audit entry in one transaction, once the service has answered (no transaction held over the network).
  await auditedWrite(
    ctx.db,
    (tx) =>
      tx
        .update(rneAccounts)
        .set({
          ...token,
          tokenOk,
          checkedAt: sql`now()`,
          changedAt: sql`case when ${rneAccounts.tokenOk} <> ${tokenOk} then now() else ${rneAccounts.changedAt} end`,
          lastError: outcome.ok ? null : message,
          updatedAt: new Date(),
        })
        .where(eq(rneAccounts.id, id)),
    () => ({ details: { result: outcome.ok ? 'ok' : outcome.reason, status: outcome.status } }),
  );
  const record = resource.spec.toResponse(await resource.find(ctx.db, id));
  return { result: outcome.ok ? 'ok' : outcome.reason, status: outcome.status, message, account: record };
}
