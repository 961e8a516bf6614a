/**
 * The 37 columns of a legal-announcement transaction row, b1..b37 in the spec's order, with their French
 * headers (SPEC section 3; contract/deal-lists.ts `BODACC_FIELDS`, which the web cannot load as a value: the
 * type below checks that every key and label here is the contract's).
 */
import type { BODACC_FIELDS } from '../../../../../contract/deal-lists';

type Field = (typeof BODACC_FIELDS)[number];
/** Key -> French header, exactly as the contract has them. */
type Labels = { [F in Field as F['key']]: F['label'] };

/** The headers of b1..b37. */
export const BODACC_LABELS = {
  b1: 'SIREN',
  b2: 'Société',
  b3: 'Rôle',
  b4: 'N° de transaction',
  b5: 'Date de l’annonce',
  b6: 'Type de transaction 1',
  b7: 'Type de transaction 2',
  b8: 'Montant',
  b9: 'Devise',
  b10: 'Participation (%)',
  b11: 'Cible',
  b12: 'SIREN cible',
  b13: 'Pays cible',
  b14: 'NAF cible',
  b15: 'Acquéreur',
  b16: 'SIREN acquéreur',
  b17: 'Pays acquéreur',
  b18: 'NAF acquéreur',
  b19: 'Cédant',
  b20: 'SIREN cédant',
  b21: 'Pays cédant',
  b22: 'NAF cédant',
  b23: 'Conseil',
  b24: 'SIREN conseil',
  b25: 'Pays conseil',
  b26: 'Investissement français à l’étranger',
  b27: 'Investissement étranger en France',
  b28: 'Code ISO acquéreur 1',
  b29: 'Code ISO acquéreur 2',
  b30: 'Code ISO acquéreur 3',
  b31: 'Code ISO cible étrangère 1',
  b32: 'Code ISO cible étrangère 2',
  b33: 'Code ISO cible étrangère 3',
  b34: 'Description de la transaction',
  b35: 'Complément de description',
  b36: 'Lien',
  b37: 'Source',
} as const satisfies Labels;

/** The keys b1..b37 in order. */
export const BODACC_KEYS = Object.keys(BODACC_LABELS) as (keyof typeof BODACC_LABELS)[];
