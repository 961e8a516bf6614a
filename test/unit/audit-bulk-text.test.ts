/**
 * The French text of a bulk action's audit entry (contract/audit-text.ts): the change as the
 * participle agreed with the records' noun, « action groupée » and the count with that noun (plural from 2), its
 * selection (ticked rows, or the whole list with its search and its unticked rows); other entries keep their label.
 */
import { describe, expect, it } from 'vitest';
import { auditActionText, auditDetailLines } from '../../contract/audit-text';

const bulk = (details: Record<string, unknown>) => ({ action: 'bulk/x', changes: null, details });

describe('a bulk entry’s text', () => {
  it('reads as the change, « action groupée » and the count of records with their noun', () => {
    expect(auditActionText(bulk({ count: 2, target: 'deals', change: 'deactivate', selection: { ticked: 3 } }))).toBe('désactivée (action groupée, 2 transactions)');
    expect(auditActionText(bulk({ count: 1, target: 'deals', change: 'activate' }))).toBe('activée (action groupée, 1 transaction)');
    expect(auditActionText(bulk({ count: 0, target: 'deals', change: 'delete' }))).toBe('supprimée (action groupée, 0 transaction)');
    expect(auditActionText(bulk({ count: 12500, target: 'news', change: 'delete' }))).toBe('supprimée (action groupée, 12\u202f500 actualités en attente)');
    expect(auditActionText(bulk({ count: 3, target: 'news_temporaries', change: 'delete' }))).toBe('supprimée (action groupée, 3 lignes d’import)');
    expect(auditActionText(bulk({ count: 2, target: 'rne_queue', change: 'requeue' }))).toBe('remise en file (action groupée, 2 entrées de file RNE)');
  });

  it('says the selection: the ticked rows, or the whole list with its search and its unticked rows', () => {
    expect(auditDetailLines(bulk({ count: 2, target: 'deals', change: 'deactivate', selection: { ticked: 3 } }))).toEqual(['sélection\u00a0: 3 lignes cochées']);
    expect(auditDetailLines(bulk({ count: 2, target: 'deals', change: 'deactivate', selection: { ticked: 1 } }))).toEqual(['sélection\u00a0: 1 ligne cochée']);
    expect(auditDetailLines(bulk({ count: 9, target: 'deals', change: 'deactivate', selection: { all: true } }))).toEqual(['sélection\u00a0: toute la liste']);
    expect(auditDetailLines(bulk({ count: 9, target: 'deals', change: 'deactivate', selection: { all: true, search: 'acme', except: 2 } }))).toEqual([
      'sélection\u00a0: toute la liste de la recherche « acme », sauf 2 lignes décochées',
    ]);
  });

  it('leaves the other entries as they were', () => {
    expect(auditActionText({ action: 'status', details: null })).toBe('Changement de statut');
    // An entry written before the targets has no `change`: its action's own label.
    expect(auditActionText({ action: 'bulk/deactivate', details: { count: 2, selection: { ids: [1, 2] } } })).toBe('Désactivation groupée');
    expect(auditDetailLines({ changes: null, details: { count: 2, selection: { ids: [1, 2] } } })).toEqual(['lignes\u00a0: 2', 'sélection\u00a0: {"ids":[1,2]}']);
  });
});
