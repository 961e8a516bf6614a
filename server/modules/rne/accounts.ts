/**
 * The RNE (INPI) accounts (SPEC section 3 "Register account"): a status resource
 * (server/lib/status-resource.ts) over `rne_accounts`, listed per pool with today's counters:
 * - `officers` pool (`inpiall`): `dirigeants`, `beneficiaireseffectifs`;
 * - `filings` pool (`rneall`): `actes`, `bilans`, `bilanssaisis`;
 * each the items fetched through the account on the current Europe/Paris day (`rne_account_days`, kept by the
 * worker). `is_used` is 1 while a worker's lease (`leased_until`) has not expired. The login email is unique per
 * pool without regard to case (422 `errors.email` `Ce compte existe déjà.`). The password is sealed with the
 * APP_KEY box. It is answered in clear by one call only, the first table's list (`listAccounts` of the `officers`
 * pool: the spec's « password (displayed) », masked by the page with reveal and copy); every other answer (the
 * second table's list, create, update, toggle, the check) carries `password: null`. The bearer token is never answered.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { PoolName, RneAccountRecord } from '../../../contract/rne';
import { rneAccountBody, rneAccountRecord, rneAccountUpdateBody } from '../../../contract/rne';
import type { Db } from '../../db/client';
import { rneAccounts } from '../../db/schema/rne';
import type { SecretBox } from '../../lib/app-key';
import { PARIS_TODAY } from '../../lib/paris-day';
import { defineStatusResource } from '../../lib/status-resource';

/** 404 of an unknown account (the spec's style of 404 texts). */
export const ACCOUNT_NOT_FOUND = 'Account does not exist!';
/** 422 `errors.email` of a login already registered in the pool. */
export const ACCOUNT_TAKEN = 'Ce compte existe déjà.';

// Qualified by hand: inside the sub-select Drizzle would render `"id"`, which would bind to d's columns.
const today = (column: string) =>
  sql<number>`coalesce((select d.${sql.raw(column)} from rne_account_days d where d.account_id = "rne_accounts"."id" and d.day = ${PARIS_TODAY}), 0)::int`;

const columns = {
  id: rneAccounts.id,
  pool: rneAccounts.pool,
  email: rneAccounts.email,
  passwordEnc: rneAccounts.passwordEnc,
  status: rneAccounts.status,
  tokenOk: rneAccounts.tokenOk,
  checkedAt: rneAccounts.checkedAt,
  changedAt: rneAccounts.changedAt,
  lastError: rneAccounts.lastError,
  isUsed: sql<boolean>`coalesce(${rneAccounts.leasedUntil} > now(), false)`,
  officers: today('officers'),
  beneficialOwners: today('beneficial_owners'),
  deeds: today('deeds'),
  balanceSheets: today('balance_sheets'),
  seizedBalanceSheets: today('seized_balance_sheets'),
};

/** An account as listed: the row, its lease state and today's counters. */
export interface AccountRow {
  id: number;
  pool: PoolName;
  email: string;
  passwordEnc: string;
  status: number;
  tokenOk: number;
  checkedAt: Date | null;
  changedAt: Date | null;
  lastError: string | null;
  isUsed: boolean;
  officers: number;
  beneficialOwners: number;
  deeds: number;
  balanceSheets: number;
  seizedBalanceSheets: number;
}

const bit = (v: number | boolean): 0 | 1 => (v === true || v === 1 ? 1 : 0);
const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/**
 * Maps a row to the API object of its pool.
 * @param reveal - the box that opens the password, answered in clear; without it `password` is null
 * @throws Error when revealed and sealed with another APP_KEY
 */
export function toAccountRecord(row: AccountRow, reveal?: SecretBox): RneAccountRecord {
  const common = {
    id: Number(row.id),
    email: row.email,
    token: bit(row.tokenOk),
    status: bit(row.status),
    passage: iso(row.checkedAt),
    last_change: iso(row.changedAt),
    last_error: row.lastError,
    password: reveal ? reveal.decrypt(row.passwordEnc) : null,
    is_used: bit(row.isUsed),
  };
  if (row.pool === 'officers') {
    return { ...common, pool: 'officers', dirigeants: Number(row.officers), beneficiaireseffectifs: Number(row.beneficialOwners) };
  }
  return { ...common, pool: 'filings', actes: Number(row.deeds), bilans: Number(row.balanceSheets), bilanssaisis: Number(row.seizedBalanceSheets) };
}

/**
 * The accounts as a status resource (create, update, toggle, delete, find; routes in ./routes.ts), answered
 * without the password (null). A change of email or password drops the stored token (the next login, by sync or by
 * the worker, gets one).
 * @param box - seals the passwords written (and opens the current one to tell a new password from the same)
 */
export function accountsResource(box: SecretBox) {
  return defineStatusResource({
    table: rneAccounts,
    columns,
    notFound: ACCOUNT_NOT_FOUND,
    unique: { rne_accounts_pool_email_key: { field: 'email', message: ACCOUNT_TAKEN } },
    response: rneAccountRecord,
    toResponse: (row: AccountRow) => toAccountRecord(row),
    http: { tag: 'Supervision' },
    store: {
      body: rneAccountBody,
      values: (_db, input) => ({ pool: input.pool, email: input.email, passwordEnc: box.encrypt(input.password), status: input.status }),
    },
    update: {
      body: rneAccountUpdateBody,
      values: (_db, input, current) => {
        const newPassword = input.password !== undefined && input.password !== box.decrypt(current.passwordEnc);
        const credentialsChanged = newPassword || input.email.toLowerCase() !== current.email.toLowerCase();
        return {
          pool: input.pool,
          email: input.email,
          ...(input.password !== undefined ? { passwordEnc: box.encrypt(input.password) } : {}),
          ...(credentialsChanged ? { tokenEnc: null } : {}),
        };
      },
    },
  });
}

/**
 * The accounts of `pool` with today's counters, oldest first; the passwords in clear for the `officers` pool only
 * (the first table shows them; the second does not: SPEC section 3 "Register account").
 */
export async function listAccounts(db: Db, box: SecretBox, pool: PoolName): Promise<RneAccountRecord[]> {
  const rows: AccountRow[] = await db.select(columns).from(rneAccounts).where(eq(rneAccounts.pool, pool)).orderBy(asc(rneAccounts.id));
  return rows.map((row) => toAccountRecord(row, pool === 'officers' ? box : undefined));
}
