/**
 * The register (RNE) accounts as a status resource (issue 11 section 1): the shared create and edit pages,
 * toggle and delete confirmations run on it. Its calls are those of `api.ts`; its query keys all start
 * with `rne-accounts` (the two lists are `[key, pool]`), so one invalidation reloads both tables.
 */
import type { CrudResource } from '../../../api/resource';
import {
  createAccount,
  deleteAccount,
  fetchAccount,
  fetchAllAccounts,
  toggleAccount,
  updateAccount,
  type RneAccountCreateBody,
  type RneAccountRecord,
  type RneAccountUpdateBody,
} from './api';
import { ACCOUNT_TEXTS } from './texts';

/** Path of the accounts page. */
export const RNE_PATH = '/supervisions/rne';

/** RNE accounts: calls, paths and dialog texts. */
export const rneAccountsResource: CrudResource<RneAccountRecord, RneAccountCreateBody, RneAccountUpdateBody> = {
  key: 'rne-accounts',
  listPath: RNE_PATH,
  createPath: `${RNE_PATH}/create`,
  list: fetchAllAccounts,
  get: fetchAccount,
  create: createAccount,
  update: updateAccount,
  toggleStatus: toggleAccount,
  remove: deleteAccount,
  texts: ACCOUNT_TEXTS,
};

/** Path of an account's edit page. */
export function accountEditPath(account: { id: number }): string {
  return `${RNE_PATH}/${account.id}/edit`;
}
