/**
 * The search of the deal form's selects (web/src/lib/searchFold.ts): case, accents and ligatures ignored,
 * countries also found by their ISO alpha-2 code.
 */
import { describe, expect, it } from 'vitest';
import { foldText, optionMatches } from '../../../web/src/lib/searchFold';

const us = { label: 'États-Unis d’Amérique', iso: 'US' };
const de = { label: 'Allemagne', iso: 'DE' };

describe('select search', () => {
  it('folds case, accents, ligatures and the typographic apostrophe', () => {
    expect(foldText('États-Unis d’Amérique')).toBe("etats-unis d'amerique");
    expect(foldText('Cœur Æsir Cédant')).toBe('coeur aesir cedant');
  });

  it('finds a label whatever its accents, and a country by its ISO code', () => {
    expect(optionMatches('etats', us)).toBe(true);
    expect(optionMatches("d'amer", us)).toBe(true);
    expect(optionMatches('cedant', { label: 'Cédant' })).toBe(true);
    expect(optionMatches('de', de)).toBe(true);
    expect(optionMatches('us', de)).toBe(false);
    expect(optionMatches('  ', de)).toBe(true);
    expect(optionMatches('x', undefined)).toBe(false);
  });
});
