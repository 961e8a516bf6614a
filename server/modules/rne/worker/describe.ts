/**
 * The French descriptions of the update-log entries the RNE worker writes (code `RNE`), e.g.
 * `Dirigeants mis à jour\u00a0: 2 ajoutés, 1 retiré`, `Bénéficiaires effectifs mis à jour\u00a0: 1 ajouté`,
 * `Dépôts RNE\u00a0: 1 bilan, 2 actes nouveaux`. Empty string when nothing changed.
 */

/** Treatment code of the RNE worker's update-log entries. */
export const RNE_LOG_CODE = 'RNE';

/** `1 ajouté`, `2 ajoutés`. */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `2 ajoutés, 1 retiré` (zero counts left out). */
function addedRemoved(added: number, removed: number): string {
  return [added ? count(added, 'ajouté', 'ajoutés') : '', removed ? count(removed, 'retiré', 'retirés') : ''].filter(Boolean).join(', ');
}

/** Officers and beneficial owners added and removed → the description (parts joined by ` ; `), or ''. */
export function describePeople(officers: { added: number; removed: number }, owners: { added: number; removed: number }): string {
  const parts: string[] = [];
  if (officers.added || officers.removed) parts.push(`Dirigeants mis à jour\u00a0: ${addedRemoved(officers.added, officers.removed)}`);
  if (owners.added || owners.removed) parts.push(`Bénéficiaires effectifs mis à jour\u00a0: ${addedRemoved(owners.added, owners.removed)}`);
  return parts.join('\u00a0; ');
}

/** New filings by kind → `Dépôts RNE\u00a0: 1 bilan, 1 bilan saisi, 2 actes nouveaux`, or ''. */
export function describeFilings(added: { bilan: number; bilan_saisi: number; acte: number }): string {
  const parts = [
    added.bilan ? count(added.bilan, 'bilan', 'bilans') : '',
    added.bilan_saisi ? count(added.bilan_saisi, 'bilan saisi', 'bilans saisis') : '',
    added.acte ? count(added.acte, 'acte', 'actes') : '',
  ].filter(Boolean);
  if (!parts.length) return '';
  const total = added.bilan + added.bilan_saisi + added.acte;
  return `Dépôts RNE\u00a0: ${parts.join(', ')} ${total === 1 ? 'nouveau' : 'nouveaux'}`;
}
