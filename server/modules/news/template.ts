/**
 * The template file of `Télécharger le modèle`: the header of a news CSV and one example
 * row, in UTF-8 with a BOM and `;` (what Excel opens as French CSV). The example names La Poste's SIREN
 * beside a placeholder title and an example.com link: no invented event about a real company.
 */
import { LA_POSTE_SIREN } from '../../../contract/siren';
import { csvText } from '../../lib/csv/write';

/** File name of the template. */
export const TEMPLATE_FILENAME = 'modele-import-news.csv';

/** The template's bytes. @param category - an existing category name for the example row */
export function newsTemplate(category = 'Économie'): Buffer {
  return csvText(
    ['siren', 'nom', 'titre', 'categorie', 'source', 'lien', 'date'],
    [[LA_POSTE_SIREN, 'La Poste', 'Titre de l’article (exemple à remplacer)', category, 'Nom de la source', 'https://www.example.com/article', '23/11/2026 09:30']],
  );
}
