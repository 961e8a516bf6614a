/**
 * The toast texts of an import's end on the supervision pages (web/src/modules/supervisions/texts.ts): lines read, and what the import did, from the job's result.
 */
import { describe, expect, it } from 'vitest';
import { importDoneText, importOutcomeText } from '../../../web/src/modules/supervisions/texts';

describe('supervision import texts', () => {
  it('says the lines read', () => {
    expect(importDoneText('ventes.xml', 29)).toBe('Import de «\u00a0ventes.xml\u00a0» terminé\u00a0: 29 lignes lues.');
    expect(importDoneText(null, 1)).toBe('Import du fichier terminé\u00a0: 1 ligne lue.');
  });

  it('says what an INSEE import did', () => {
    expect(importOutcomeText('sirene', { created: 3, updated: 1, unchanged: 1234, log_entries: 4 })).toBe(
      '3 nouvelles lignes, 1 modifiée, 1\u202f234 inchangées\u00a0; 4 entrées ajoutées au journal.',
    );
    expect(importOutcomeText('sirene', { created: 0, updated: 0, unchanged: 97, log_entries: 0 })).toBe('0 nouvelle ligne, 0 modifiée, 97 inchangées\u00a0; 0 entrée ajoutée au journal.');
  });

  it('says what a BODACC import did, a re-import included', () => {
    expect(importOutcomeText('bodacc', { created: 29, updated: 0, unchanged: 0, log_entries: 55, sales: 29 })).toBe(
      '29 avis nouveaux, 0 déjà connu, 29 transactions\u00a0; 55 entrées ajoutées au journal.',
    );
    expect(importOutcomeText('bodacc', { created: 0, updated: 0, unchanged: 29, log_entries: 0, sales: 0 })).toBe(
      '0 avis nouveau, 29 déjà connus, 0 transaction\u00a0; 0 entrée ajoutée au journal.',
    );
  });

  it('says nothing more when the result does not tell', () => {
    expect(importOutcomeText('sirene', null)).toBeUndefined();
    expect(importOutcomeText('bodacc', { lines: 3 })).toBeUndefined();
  });
});
