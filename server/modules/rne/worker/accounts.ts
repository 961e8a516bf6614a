/**
 * The worker's side of the RNE accounts: leases, rests and logins.
 * - An account is usable by a lane when it is enabled, its token is ok, it is not leased (or its lease passed) and
 *   its `available_at` passed. `leaseAccounts` takes up to n of them at once (`FOR UPDATE SKIP LOCKED`: two workers
 *   never lease the same one) and marks them `leased_by` / `leased_until`; `renewLease` extends a lease (false once
 *   it was lost); `releaseAccount` ends it, optionally setting `available_at` (the rate limit, a 429 rest).
 * - `loginAccount` logs in again (after a 401, or when no token is stored): the token is sealed, `token_ok`,
 *   `checked_at`, `changed_at` (only when `token_ok` changes) and `last_error` are recorded. Refused credentials set
 *   `token_ok` to 0 (the account leaves the lanes); an unreachable service only records the error.
 * Neither the password nor the token is ever logged.
 */
import { sql } from 'drizzle-orm';
import type { PoolName } from '../../../../contract/rne';
import { rneLogin } from '../client';
import type { WorkerDeps } from './options';
import { rowsOf } from '../../../db/rows';

/** An account held by a lane. */
export interface LeasedAccount {
  id: number;
  email: string;
  passwordEnc: string;
  /** The bearer token in clear, null when none is stored (or it cannot be opened). */
  token: string | null;
  /** Earliest time of the next request (ms since the epoch). */
  nextAt: number;
  /** When the lease was last renewed (ms since the epoch, this process's clock). */
  renewedAt: number;
}

interface AccountRow {
  id: string | number;
  email: string;
  password_enc: string;
  token_enc: string | null;
  available_at: string | Date | null;
}

/**
 * Leases up to `max` usable accounts of `pool` for `owner`, in id order.
 * @returns the accounts leased (none when every usable account is leased by another worker or resting)
 */
export async function leaseAccounts(deps: WorkerDeps, pool: PoolName, owner: string, max: number, exceptId?: number): Promise<LeasedAccount[]> {
  const rows = await rowsOf<AccountRow>(
    deps.db,
    // Materialised once (a CTE), so that the locking pick is never rescanned by the update's plan.
    sql`with f as materialized (
          select id from rne_accounts
           where pool = ${pool} and status = 1 and token_ok = 1 and id <> ${exceptId ?? 0}
             and (leased_until is null or leased_until < now())
             and (available_at is null or available_at <= now())
           order by id limit ${max} for update skip locked)
        update rne_accounts a
           set leased_by = ${owner}, leased_until = now() + ${deps.options.accountLeaseMs}::int * interval '1 millisecond'
          from f
         where a.id = f.id
     returning a.id, a.email, a.password_enc, a.token_enc, a.available_at`,
  );
  const now = Date.now();
  return rows
    .map((r) => ({
      id: Number(r.id),
      email: r.email,
      passwordEnc: r.password_enc,
      token: open(deps, r.token_enc),
      nextAt: r.available_at ? new Date(r.available_at).getTime() : 0,
      renewedAt: now,
    }))
    .sort((a, b) => a.id - b.id);
}

/** Opens a sealed token; null when absent or unreadable (a new login replaces it). */
function open(deps: WorkerDeps, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return deps.box.decrypt(sealed);
  } catch {
    return null;
  }
}

/**
 * Extends the lease of `account` held by `owner`, and records `available_at` when given.
 * @returns false when the lease was lost (taken back after it passed): the lane stops using the account
 */
export async function renewLease(deps: WorkerDeps, account: LeasedAccount, owner: string, availableAt?: number): Promise<boolean> {
  const at = availableAt === undefined ? null : new Date(availableAt).toISOString();
  const rows = await rowsOf<{ id: string }>(
    deps.db,
    sql`update rne_accounts
           set leased_until = now() + ${deps.options.accountLeaseMs}::int * interval '1 millisecond',
               available_at = coalesce(${at}::timestamptz, available_at)
         where id = ${account.id} and leased_by = ${owner}
     returning id`,
  );
  if (rows.length) account.renewedAt = Date.now();
  return rows.length > 0;
}

/** Ends the lease of `account` held by `owner`; `restMs` makes it rest that long (`available_at`). */
export async function releaseAccount(deps: WorkerDeps, account: LeasedAccount, owner: string, restMs?: number): Promise<void> {
  await deps.db.execute(
    sql`update rne_accounts
           set leased_by = null, leased_until = null,
               available_at = case when ${restMs ?? null}::int is null then available_at
                                   else now() + ${restMs ?? 0}::int * interval '1 millisecond' end
         where id = ${account.id} and leased_by = ${owner}`,
  );
}

/**
 * Logs `account` in again and records the outcome (token sealed on success).
 * @returns ok (the account's `token` is the new one), credentials (refused: token_ok = 0), or unreachable
 */
export async function loginAccount(deps: WorkerDeps, account: LeasedAccount): Promise<{ outcome: 'ok' | 'credentials' | 'unreachable'; message: string }> {
  let password: string;
  try {
    password = deps.box.decrypt(account.passwordEnc);
  } catch {
    await recordLogin(deps, account.id, 0, null, 'Mot de passe illisible (clé APP_KEY changée\u00a0?).');
    return { outcome: 'credentials', message: 'Mot de passe illisible (clé APP_KEY changée\u00a0?).' };
  }
  const out = await rneLogin(deps.endpoint, account.email, password);
  if (out.ok) {
    account.token = out.token;
    await recordLogin(deps, account.id, 1, deps.box.encrypt(out.token), null);
    return { outcome: 'ok', message: 'Connexion au service RNE réussie.' };
  }
  account.token = null;
  if (out.reason === 'credentials') await recordLogin(deps, account.id, 0, null, out.message);
  else await recordLogin(deps, account.id, null, undefined, out.message);
  return { outcome: out.reason, message: out.message };
}

/**
 * Records a login: `tokenOk` null keeps token_ok (and the stored token when `tokenEnc` is undefined);
 * `changed_at` moves only when token_ok changes.
 */
async function recordLogin(deps: WorkerDeps, id: number, tokenOk: 0 | 1 | null, tokenEnc: string | null | undefined, error: string | null): Promise<void> {
  const keepToken = tokenEnc === undefined;
  await deps.db.execute(
    sql`update rne_accounts
           set token_ok = coalesce(${tokenOk}::smallint, token_ok),
               token_enc = case when ${keepToken} then token_enc else ${tokenEnc ?? null} end,
               checked_at = now(),
               changed_at = case when ${tokenOk}::smallint is not null and ${tokenOk}::smallint <> token_ok then now() else changed_at end,
               last_error = ${error},
               updated_at = now()
         where id = ${id}`,
  );
}
