/**
 * Texts of the BODACC rows screens (/transactions/bodacc and « Lignes supprimées »): the delete and restore
 * confirmations, each naming the row by its notice number (b4) and company (b2).
 */
import type { BodaccRow } from '../../../../../contract/deal-lists';

/** Title of /transactions/bodacc/deleted, and of the link to it. */
export const DELETED_TITLE = 'Lignes supprimées';

/** The row as the confirmations name it: « la ligne de l’annonce n° 1234 (ACME SAS) », or by its id without a number. */
function rowName(row: Pick<BodaccRow, 'id' | 'b2' | 'b4'>): string {
  const company = row.b2 ? ` (${row.b2})` : '';
  return row.b4 ? `la ligne de l’annonce n°\u00a0${row.b4}${company}` : `la ligne ${row.id}${company}`;
}

/** The question before deleting a row: it names the row and says where it can be restored. */
export function deleteQuestion(row: Pick<BodaccRow, 'id' | 'b2' | 'b4'>): string {
  return `Supprimer ${rowName(row)}\u202f? Elle pourra être restaurée depuis «\u00a0${DELETED_TITLE}\u00a0».`;
}

/** The question before restoring a deleted row. */
export function restoreQuestion(row: Pick<BodaccRow, 'id' | 'b2' | 'b4'>): string {
  return `Restaurer ${rowName(row)}\u202f? Elle reviendra dans la liste des transactions BODACC.`;
}
