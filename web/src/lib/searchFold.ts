/**
 * Search in a select's options as people type: case, accents and ligatures ignored (`etats` finds
 * « États-Unis d'Amérique », `oe` finds « Œ »), and a country also found by its ISO 3166 alpha-2 code
 * (`DE` finds Allemagne). The folding is the shared one (contract/fold.ts).
 */
import { foldText } from '../../../contract/fold';

export { foldText };

/** An option of a searchable select: its label, and for a country its ISO alpha-2 code. */
export interface SearchableOption {
  label: string;
  iso?: string;
}

/** Whether `option` matches what was typed (`input`): the folded label contains it, or the ISO code is it. */
export function optionMatches(input: string, option: SearchableOption | undefined): boolean {
  if (!option) return false;
  const typed = input.trim();
  if (typed === '') return true;
  if (option.iso && option.iso.toUpperCase() === typed.toUpperCase()) return true;
  return foldText(option.label).includes(foldText(typed));
}
