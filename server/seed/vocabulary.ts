/**
 * Treatment codes and update descriptions of the company-record log.
 * - The benchmark generator (bench/generate.ts) uses the feed-like codes and descriptions below, on generated
 *   SIRENs that carry no company name. Codes name the feed: RNE (national register, INPI), INSEE Sirene stock
 *   files, BODACC bulletins A (sales, creations), B (modifications, radiations), C (filed accounts), BE
 *   (beneficial owners).
 * - The demo seed (server/seed/demo.ts) puts entries on the real SIRENs of listed companies, so it uses
 *   `DEMO_CODES` and `DEMO_DESCRIPTIONS` instead: neutral texts that state no fact about the company and name
 *   none (issue 6 section 3). Real events come from the feeds.
 */
export const LOG_CODES = ['RNE-DIRIGEANTS', 'RNE-ACTES', 'RNE-BILANS', 'INSEE-UL', 'INSEE-ETAB', 'BODACC-A', 'BODACC-B', 'BODACC-C', 'BE-INPI'] as const;

/** Descriptions, by code, as the feeds write them (benchmark only: never next to a real company). */
export const LOG_DESCRIPTIONS: Record<(typeof LOG_CODES)[number], string[]> = {
  'RNE-DIRIGEANTS': ['Nouveau dirigeant enregistré au registre national des entreprises', 'Fin de mandat du président, nomination du directeur général'],
  'RNE-ACTES': ['Transfert du siège social vers une nouvelle adresse', 'Modification du capital social par augmentation en numéraire'],
  'RNE-BILANS': ['Dépôt des comptes annuels de l’exercice clos'],
  'INSEE-UL': ['Mise à jour de l’activité principale (code NAF)', 'Changement de tranche d’effectifs salariés', 'Changement de dénomination sociale et de sigle'],
  'INSEE-ETAB': ['Ouverture d’un établissement secondaire', 'Radiation de l’établissement secondaire'],
  'BODACC-A': ['Vente et cession de fonds de commerce publiée au BODACC', 'Procédure collective\u00a0: jugement d’ouverture de redressement judiciaire'],
  'BODACC-B': ['Modification de la forme juridique en société par actions simplifiée', 'Cessation d’activité de l’unité légale'],
  'BODACC-C': ['Avis de dépôt des comptes annuels publié au BODACC'],
  'BE-INPI': ['Bénéficiaires effectifs mis à jour'],
};

/** Every description, flattened (bench). */
export const ALL_DESCRIPTIONS = Object.values(LOG_DESCRIPTIONS).flat();

/** Treatment codes of the demo log: the feed only, no bulletin or event type. */
export const DEMO_CODES = ['RNE', 'INSEE', 'BODACC', 'INPI'] as const;

/** Descriptions of the demo log: no company name, no event, and marked as demonstration data. */
export const DEMO_DESCRIPTIONS = [
  'Mise à jour de la fiche (démonstration)',
  'Données de la fiche actualisées (démonstration)',
  'Fiche synchronisée avec la source (démonstration)',
] as const;
