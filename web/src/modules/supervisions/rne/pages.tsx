/**
 * The RNE account create and edit pages (/supervisions/rne/create, /supervisions/rne/{id}/edit), generated from
 * one declaration: Usage (the pool), Email, Mot de passe, Actif. A duplicate email in its pool gets « Ce compte
 * existe déjà. » under Email; on edit an empty password keeps the current one (not sent); an unknown id toasts
 * 'Item does not exist!' and goes to /home (SPEC section 8). The accounts page itself (two tables) is its own.
 */
import { resourcePages } from '../../../components/resource/resourcePages';
import { SUPERVISION_TITLE } from '../texts';
import { POOLS_IN_ORDER } from './pools';
import { RNE_PATH, rneAccountsResource } from './resource';
import { ACCOUNT_LABELS, POOL_LABELS, RNE_TITLE } from './texts';

/** Create and edit pages of an RNE account. */
export const rneAccountPages = resourcePages({
  resource: rneAccountsResource,
  formName: 'rne-account',
  trail: [
    { title: SUPERVISION_TITLE, to: '/supervisions' },
    { title: RNE_TITLE, to: RNE_PATH },
  ],
  createTitle: 'Ajouter un compte RNE',
  editTitle: (account) => (account ? `Modifier ${account.email}` : 'Modifier un compte RNE'),
  fields: [
    { kind: 'radio', name: 'pool', label: ACCOUNT_LABELS.pool, options: POOLS_IN_ORDER.map((pool) => ({ value: pool, label: POOL_LABELS[pool] })), testId: 'account-pool' },
    { kind: 'email', name: 'email', label: ACCOUNT_LABELS.email },
    { kind: 'password', name: 'password', label: ACCOUNT_LABELS.password, keepWhenEmpty: 'Laisser vide pour conserver le mot de passe actuel' },
    { kind: 'status', label: ACCOUNT_LABELS.status },
  ],
});
