/**
 * The register (RNE) accounts as a status resource: the shared create and edit pages, toggle and delete
 * confirmations run on it. Add `POST rne/accounts` (201; 422 `errors.email` « Ce compte existe déjà. » for a
 * duplicate in its pool), edit `rne/accounts/{id}` (password kept when left out), toggle `…/toggle`, delete
 * `…/delete` (204); an account is read from the two pools' lists (`api.ts`). Its query keys all start with
 * `rne-accounts` (the two lists are `[key, pool]`), so one invalidation reloads both tables.
 */
import { standardResource } from '../../../api/resource';
import { fetchAccount, fetchAllAccounts, type RneAccountCreateBody, type RneAccountRecord, type RneAccountUpdateBody } from './api';
import { ACCOUNT_TEXTS } from './texts';

/** Path of the accounts page. */
export const RNE_PATH = '/supervisions/rne';

/** RNE accounts: calls, paths and dialog texts. */
export const rneAccountsResource = standardResource<RneAccountRecord, RneAccountCreateBody, RneAccountUpdateBody>({
  key: 'rne-accounts',
  auditResource: 'rne_accounts',
  listPath: RNE_PATH,
  list: fetchAllAccounts,
  get: fetchAccount,
  paths: {
    store: '/api/supervisions/rne/accounts',
    update: '/api/supervisions/rne/accounts/{id}',
    toggle: '/api/supervisions/rne/accounts/{id}/toggle',
    remove: '/api/supervisions/rne/accounts/{id}/delete',
  },
  texts: ACCOUNT_TEXTS,
});

/** Path of an account's edit page. */
export function accountEditPath(account: { id: number }): string {
  return `${RNE_PATH}/${account.id}/edit`;
}
