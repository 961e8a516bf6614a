/** What the import screen says about the expected file (columns, separators, encodings, dates). */
import { NEWS_IMPORT_MAX_BYTES } from '../../../../../contract/limits';

/** One line under the picker. */
export const NEWS_CSV_HINT = `Colonnes siren, titre, categorie, source, lien, date (et nom, facultatif)\u00a0; séparateur «\u00a0;\u00a0», «\u00a0,\u00a0» ou tabulation\u00a0; UTF-8 ou Windows-1252\u00a0; dates JJ/MM/AAAA, JJ/MM/AAAA HH:mm ou ISO 8601\u00a0; ${NEWS_IMPORT_MAX_BYTES / (1024 * 1024)}\u00a0Mo au plus.`;
