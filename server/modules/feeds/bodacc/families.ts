/**
 * The families of BODACC notices: the code used by DILA and the Opendatasoft dataset
 * `annonces-commerciales` (`familleavis`), its French label (`familleavis_lib`, plural, stored in
 * `announcements.family_label`) and the singular label that starts an update-log description
 * (`Vente et cession — BODACC A n°20210005 du 08/01/2021`).
 */

/** A family code of a notice. */
export type FamilyCode = 'vente' | 'creation' | 'immatriculation' | 'modification' | 'radiation' | 'dpc' | 'collective' | 'divers';

/** Plural label (as the dataset's `familleavis_lib`) and singular label (update log) of each family. */
export const FAMILIES: Record<FamilyCode, { label: string; singular: string }> = {
  vente: { label: 'Ventes et cessions', singular: 'Vente et cession' },
  creation: { label: 'Créations', singular: 'Création' },
  immatriculation: { label: 'Immatriculations', singular: 'Immatriculation' },
  modification: { label: 'Modifications diverses', singular: 'Modification' },
  radiation: { label: 'Radiations', singular: 'Radiation' },
  dpc: { label: 'Dépôts des comptes', singular: 'Dépôt des comptes' },
  collective: { label: 'Procédures collectives', singular: 'Procédure collective' },
  divers: { label: 'Annonces diverses', singular: 'Annonce diverse' },
};

/** The family code `value` names (`vente`, `Vente`…), or undefined when it is none of the eight. */
export function familyCode(value: unknown): FamilyCode | undefined {
  if (typeof value !== 'string') return undefined;
  const code = value.trim().toLowerCase();
  return Object.hasOwn(FAMILIES, code) ? (code as FamilyCode) : undefined;
}
