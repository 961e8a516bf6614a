import type { CURRENCIES as CONTRACT_CURRENCIES } from '../../../../contract/deals';

/**
 * Texts of the transactions screens (SPEC sections 2 "Transactions (deals)", 4 confirmations, 5 choices,
 * 8 messages and 9 constants): titles, confirmation questions, toasts and the list placeholder.
 */

/** Title of /transactions (and the breadcrumb step of every transactions screen). */
export const DEALS_TITLE = 'Transactions';
/** Title of /transactions/createdeal. */
export const CREATE_DEAL_TITLE = 'Ajouter une transaction';
/** Title of /transactions/roles. */
export const ROLES_TITLE = 'Gérer les rôles';
/** Title of /transactions/types. */
export const TYPES_TITLE = 'Gérer les types';
/** Title of /transactions/import. */
export const IMPORT_TITLE = 'Import CSV';
/** Title of /transactions/files. */
export const FILES_TITLE = 'Fichiers importés';
/** Title of /transactions/bodacc (the legal-announcement transaction rows). */
export const BODACC_TITLE = 'Transactions BODACC';

/** Placeholder of the deals search (SPEC section 2). */
export const DEALS_SEARCH_PLACEHOLDER = 'Siren, Company Name, Company role, Deal ID, Deal Type';
/** Placeholder of the BODACC rows search (by SIREN). */
export const BODACC_SEARCH_PLACEHOLDER = 'Siren';

/** Confirmation before deleting a role, a type or a deal (SPEC section 4; a BODACC row's names it: bodacc/texts.ts). */
export const CONFIRM_DELETE = 'Êtes-vous sûr(e) de vouloir le supprimer ?';
/** Toggle confirmations of a role (SPEC section 4). */
export const CONFIRM_ROLE = { disable: 'Voulez-vous vraiment désactiver ce role ?', enable: 'Voulez-vous vraiment réactiver ce role ?' };
/** Toggle confirmations of a type (SPEC section 4: "type variant says 'ce type'"). */
export const CONFIRM_TYPE = { disable: 'Voulez-vous vraiment désactiver ce type ?', enable: 'Voulez-vous vraiment réactiver ce type ?' };
/** Toggle confirmations of a deal (the spec gives none; worded like the others). */
export const CONFIRM_DEAL = {
  disable: 'Voulez-vous vraiment désactiver cette transaction\u202f?',
  enable: 'Voulez-vous vraiment réactiver cette transaction\u202f?',
};
/** 404 of a role, a type or a deal (SPEC section 8). */
export const ITEM_NOT_FOUND = 'Item does not exist!';

/** Toast after `GET insert` (SPEC section 8): 0 -> nothing done, n -> the count. */
export function insertToast(count: number): string {
  return count === 0 ? 'Aucune insertion effectuée!' : `${count} insertions effectuées avec succès!`;
}
/** Toast after `GET purge` (SPEC section 8): 0 -> nothing done, n -> the count. */
export function purgeToast(count: number): string {
  return count === 0 ? 'Aucune purge effectuée!' : `${count} purges effectuées avec succès!`;
}

/** Success page of the import (SPEC section 2). */
export const IMPORT_SUCCESS = 'Import CSV réussi !';
/** Link of the success page back to the list. */
export const SEE_DEALS = 'Voir les transactions';

/** The 20 currencies of SPEC section 5, EUR first (the default): contract/deals.ts `CURRENCIES` (checked by type). */
export const CURRENCIES = [
  'EUR', 'USD', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'CNY', 'INR', 'BRL',
  'RUB', 'SGD', 'HKD', 'KRW', 'MXN', 'ZAR', 'TRY', 'SEK', 'NOK', 'NZD',
] as const satisfies typeof CONTRACT_CURRENCIES;
/** Default currency (SPEC section 9). */
export const DEFAULT_CURRENCY = 'EUR';
/** The YES/NO choices of extra1 / extra2 (SPEC section 9: 1 = YES, 2 = NO). */
export const YES_NO_OPTIONS = [
  { value: 1, label: 'YES' },
  { value: 2, label: 'NO' },
];
