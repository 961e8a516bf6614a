/**
 * Treatment codes and update descriptions of the company-record log, for the benchmark generator
 * (bench/generate.ts) only: feed-like codes and descriptions on generated SIRENs that carry no company name.
 * Codes name the feed: RNE (national register, INPI), INSEE Sirene stock files, BODACC bulletins A (sales,
 * creations), B (modifications, radiations), C (filed accounts), BE (beneficial owners). The demo
 * (server/seed/demo.ts) writes no log entry of its own: its log is what the feed imports of the real samples write.
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
