/**
 * Texts of the register (RNE) accounts page (SPEC section 2 "Supervision"): titles,
 * the pools' names, the form's labels and the confirmations. The web imports the contract as types only,
 * so the French names of contract/rne.ts (`POOL_LABELS`, `rneAccountLabels`) are spelt again here, word
 * for word.
 */
import type { PoolName } from './api';

/** Title of /supervisions/rne (and its sidebar entry). */
export const RNE_TITLE = 'Services RNE';

/** Names of the pools: the titles of the two tables and the options of the form's select (contract `POOL_LABELS`). */
export const POOL_LABELS: Record<PoolName, string> = {
  officers: 'Dirigeants / bénéficiaires effectifs',
  filings: 'Actes / bilans / bilans saisis',
};

/** Form labels (contract `rneAccountLabels`): the server's 422 messages name the fields this way. */
export const ACCOUNT_LABELS = { email: 'Email', password: 'Mot de passe', pool: 'Usage', status: 'Actif' } as const;

/** Confirmations and the not-found toast of an account (SPEC sections 4 and 8). */
export const ACCOUNT_TEXTS = {
  notFound: 'Item does not exist!',
  confirmDisable: 'Voulez-vous vraiment désactiver ce compte RNE\u202f?',
  confirmEnable: 'Voulez-vous vraiment réactiver ce compte RNE\u202f?',
  confirmDelete: 'Voulez-vous vraiment effacer ce compte RNE\u202f?',
} as const;

/** Accessible names of the token icon (SPEC section 3: token, access ok 1 or 0). */
export const TOKEN_LABELS = { ok: 'Accès ok', failed: 'Accès refusé' } as const;
/** Why an account holds no token when the server recorded no failure. */
export const TOKEN_REASONS = {
  neverChecked: 'Compte jamais vérifié\u00a0: cliquez sur Synchroniser.',
  noToken: 'Aucun jeton enregistré (identifiants modifiés depuis la dernière connexion)\u00a0: cliquez sur Synchroniser.',
} as const;

/** The per-row check button. */
export const SYNC_BUTTON = 'Synchroniser';
