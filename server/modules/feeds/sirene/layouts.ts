/**
 * The INSEE Sirene stock layouts (the header lines listed in ../shared/samples/README.md
 * "Official column lists"): StockUniteLegale (companies) in the current 35-column layout and the 2019
 * 33-column one, StockEtablissement (establishments) in the current 54-column layout and the 2019 48-column
 * one, the latter possibly followed by the Etalab geocoding columns (`longitude` … `geo_l5`, ignored).
 *
 * Files are read by header name: the order of the columns does not matter. These are the only places
 * where the raw INSEE column names appear (with the SQL mapping of ./mapping.ts).
 */
import { AppError } from '../../../lib/errors';
import { DELIMITER_NAMES, type CsvLayout } from '../../../lib/csv/layout';
import { excerpt, headerExcerpt } from '../../../lib/excerpt';

/** What a stock file holds. */
export type SireneKind = 'companies' | 'establishments';

/** The columns of the 2019 StockUniteLegale layout; the current layout has them all (same relative order). */
export const COMPANY_COLUMNS_2019 = [
  'siren',
  'statutDiffusionUniteLegale',
  'unitePurgeeUniteLegale',
  'dateCreationUniteLegale',
  'sigleUniteLegale',
  'sexeUniteLegale',
  'prenom1UniteLegale',
  'prenom2UniteLegale',
  'prenom3UniteLegale',
  'prenom4UniteLegale',
  'prenomUsuelUniteLegale',
  'pseudonymeUniteLegale',
  'identifiantAssociationUniteLegale',
  'trancheEffectifsUniteLegale',
  'anneeEffectifsUniteLegale',
  'dateDernierTraitementUniteLegale',
  'nombrePeriodesUniteLegale',
  'categorieEntreprise',
  'anneeCategorieEntreprise',
  'dateDebut',
  'etatAdministratifUniteLegale',
  'nomUniteLegale',
  'nomUsageUniteLegale',
  'denominationUniteLegale',
  'denominationUsuelle1UniteLegale',
  'denominationUsuelle2UniteLegale',
  'denominationUsuelle3UniteLegale',
  'categorieJuridiqueUniteLegale',
  'activitePrincipaleUniteLegale',
  'nomenclatureActivitePrincipaleUniteLegale',
  'nicSiegeUniteLegale',
  'economieSocialeSolidaireUniteLegale',
  'caractereEmployeurUniteLegale',
] as const;

/** The current StockUniteLegale layout (35 columns, 2025-26 vintage). */
export const COMPANY_COLUMNS = [...COMPANY_COLUMNS_2019.slice(0, 32), 'societeMissionUniteLegale', 'caractereEmployeurUniteLegale', 'activitePrincipaleNAF25UniteLegale'] as const;

/** The columns of the 2019 StockEtablissement layout (48); the current layout has them all. */
export const ESTABLISHMENT_COLUMNS_2019 = [
  'siren',
  'nic',
  'siret',
  'statutDiffusionEtablissement',
  'dateCreationEtablissement',
  'trancheEffectifsEtablissement',
  'anneeEffectifsEtablissement',
  'activitePrincipaleRegistreMetiersEtablissement',
  'dateDernierTraitementEtablissement',
  'etablissementSiege',
  'nombrePeriodesEtablissement',
  'complementAdresseEtablissement',
  'numeroVoieEtablissement',
  'indiceRepetitionEtablissement',
  'typeVoieEtablissement',
  'libelleVoieEtablissement',
  'codePostalEtablissement',
  'libelleCommuneEtablissement',
  'libelleCommuneEtrangerEtablissement',
  'distributionSpecialeEtablissement',
  'codeCommuneEtablissement',
  'codeCedexEtablissement',
  'libelleCedexEtablissement',
  'codePaysEtrangerEtablissement',
  'libellePaysEtrangerEtablissement',
  'complementAdresse2Etablissement',
  'numeroVoie2Etablissement',
  'indiceRepetition2Etablissement',
  'typeVoie2Etablissement',
  'libelleVoie2Etablissement',
  'codePostal2Etablissement',
  'libelleCommune2Etablissement',
  'libelleCommuneEtranger2Etablissement',
  'distributionSpeciale2Etablissement',
  'codeCommune2Etablissement',
  'codeCedex2Etablissement',
  'libelleCedex2Etablissement',
  'codePaysEtranger2Etablissement',
  'libellePaysEtranger2Etablissement',
  'dateDebut',
  'etatAdministratifEtablissement',
  'enseigne1Etablissement',
  'enseigne2Etablissement',
  'enseigne3Etablissement',
  'denominationUsuelleEtablissement',
  'activitePrincipaleEtablissement',
  'nomenclatureActivitePrincipaleEtablissement',
  'caractereEmployeurEtablissement',
] as const;

/** Columns the current StockEtablissement layout adds to the 2019 one (54 = 48 + 6). */
export const ESTABLISHMENT_COLUMNS_ADDED = [
  'dernierNumeroVoieEtablissement',
  'indiceRepetitionDernierNumeroVoieEtablissement',
  'identifiantAdresseEtablissement',
  'coordonneeLambertAbscisseEtablissement',
  'coordonneeLambertOrdonneeEtablissement',
  'activitePrincipaleNAF25Etablissement',
] as const;

/** The Etalab "géo-Sirene" columns that may follow the 2019 establishment layout (read, then ignored). */
export const ETALAB_GEO_COLUMNS = ['longitude', 'latitude', 'geo_score', 'geo_type', 'geo_adresse', 'geo_id', 'geo_ligne', 'geo_l4', 'geo_l5'] as const;

/** A recognised header. */
export interface SireneLayout {
  kind: SireneKind;
  /** `current` (35 / 54 columns) or `2019` (33 / 48 columns). */
  vintage: 'current' | '2019';
  /** The header's names in file order: the staging table has one text column per name. */
  columns: string[];
  /** Columns present but not part of the INSEE layout (e.g. the Etalab geocoding), ignored. */
  ignored: string[];
}

const COMPANY_MARKS = ['denominationUniteLegale', 'categorieJuridiqueUniteLegale', 'nicSiegeUniteLegale', 'etatAdministratifUniteLegale'];
const ESTABLISHMENT_MARKS = ['siret', 'nic', 'etablissementSiege', 'etatAdministratifEtablissement'];
const NAME = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
/** Most columns of a header: the INSEE layout (35 or 54) with room for added ones (Etalab's geocoding adds 9). */
export const MAX_COLUMNS = 200;

/** The French error of a header that is not a Sirene stock header. */
export function headerError(message: string): AppError {
  return new AppError(422, `${message} Rien n’a été importé.`);
}

/**
 * Recognises a stock file from its header names (companies or establishments, current or 2019).
 * @param header - the names of the first line, as read (a UTF-8 BOM already removed)
 * @param delimiter - the delimiter they were split on (named in the error of a header not recognised)
 * @throws AppError 422 (French): neither layout (naming the delimiter, or the unread one that joins the names);
 *   a required column missing (named); a name twice; an odd name
 */
export function detectLayout(header: string[], delimiter: CsvLayout['delimiter'] = ','): SireneLayout {
  const names = header.map((h) => h.trim());
  const present = new Set(names);
  const companyScore = COMPANY_MARKS.filter((m) => present.has(m)).length;
  const establishmentScore = ESTABLISHMENT_MARKS.filter((m) => present.has(m)).length;
  if (companyScore === 0 && establishmentScore === 0) {
    // One column holding INSEE's names joined by another character: the delimiter is the problem, so say so.
    const other = names.length === 1 && /\bsiren\b/.test(names[0]) ? /[^\w\s"']/.exec(names[0])?.[0] : undefined;
    if (other) {
      throw headerError(
        `En-tête non reconnu\u00a0: les colonnes sont séparées par «\u00a0${excerpt(other)}\u00a0», que vigie ne lit pas. Enregistrez le fichier avec des virgules, des points-virgules ou des tabulations entre les colonnes.`,
      );
    }
    // The error quotes a header only (server/lib/excerpt.ts), never a line that is not one.
    const shown = headerExcerpt(names) ?? (names.some(Boolean) ? 'non citée, ce n’est pas une ligne de noms de colonnes' : '');
    throw headerError(
      `En-tête non reconnu\u00a0: ce n’est ni un fichier StockUniteLegale (colonnes siren, denominationUniteLegale…) ni un fichier StockEtablissement (colonnes siret, etablissementSiege…) de l’INSEE. Première ligne lue (séparateur ${DELIMITER_NAMES[delimiter]})\u00a0: ${shown || '(vide)'}.`,
    );
  }
  const kind: SireneKind = establishmentScore > companyScore ? 'establishments' : 'companies';
  const required: readonly string[] = kind === 'companies' ? COMPANY_COLUMNS_2019 : ESTABLISHMENT_COLUMNS_2019;
  const missing = required.filter((c) => !present.has(c));
  const label = kind === 'companies' ? 'StockUniteLegale' : 'StockEtablissement';
  if (missing.length) {
    const list = missing.slice(0, 8).join(', ') + (missing.length > 8 ? ` et ${missing.length - 8} autre(s)` : '');
    throw headerError(`En-tête incomplet pour un fichier ${label}\u00a0: ${missing.length === 1 ? 'la colonne obligatoire' : 'les colonnes obligatoires'} ${list} ${missing.length === 1 ? 'manque' : 'manquent'}.`);
  }
  if (names.length > MAX_COLUMNS) {
    const expected = kind === 'companies' ? COMPANY_COLUMNS.length : ESTABLISHMENT_COLUMNS_2019.length + ESTABLISHMENT_COLUMNS_ADDED.length;
    throw headerError(
      `En-tête invalide\u00a0: ${names.length.toLocaleString('fr-FR').replace(/\s/g, '\u202f')} colonnes, quand un fichier ${label} en compte ${expected} (au plus ${MAX_COLUMNS} acceptées).`,
    );
  }
  const seen = new Set<string>();
  for (const n of names) {
    if (!NAME.test(n)) throw headerError(`En-tête illisible\u00a0: nom de colonne «\u00a0${excerpt(n, 40)}\u00a0» inattendu dans un fichier ${label}.`);
    if (seen.has(n.toLowerCase())) throw headerError(`En-tête invalide\u00a0: la colonne ${n} apparaît deux fois.`);
    seen.add(n.toLowerCase());
  }
  const known = new Set<string>(kind === 'companies' ? COMPANY_COLUMNS : [...ESTABLISHMENT_COLUMNS_2019, ...ESTABLISHMENT_COLUMNS_ADDED]);
  const ignored = names.filter((n) => !known.has(n));
  const current = kind === 'companies' ? present.has('activitePrincipaleNAF25UniteLegale') || present.has('societeMissionUniteLegale') : ESTABLISHMENT_COLUMNS_ADDED.some((c) => present.has(c));
  return { kind, vintage: current ? 'current' : '2019', columns: names, ignored };
}
