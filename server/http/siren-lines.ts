/**
 * The one validation of a SIREN textarea (SPEC "Groups"; issue 3 point 3), shared by the groups' `addsirens`
 * and the RNE queues' manual add and feed push (issue 11 section 2): every entry is checked (spaces removed,
 * 9 digits, Luhn); when any is invalid the whole call is refused with a 422 listing the invalid lines under
 * `errors.sirens` (`Ligne 3 : « 12 » n'est pas un siren valide.`, at most 50 lines, then a count of the rest).
 */
import { normaliseSiren } from '../../contract/siren';
import { validationError } from './errors';

/** Lines listed in the 422 before the count of the others. */
export const MAX_LISTED_ERRORS = 50;

/**
 * The distinct valid SIRENs of `values` (normalised, in first-seen order).
 * @param lines - optional line number of each entry as the user typed it (defaults to its position, 1-based)
 * @throws AppError 422 `errors.sirens` when any entry is not a valid SIREN (nothing is kept)
 */
export function parseSirenLines(values: readonly string[], lines?: readonly number[]): string[] {
  const invalid: string[] = [];
  const unique = new Set<string>();
  let bad = 0;
  values.forEach((raw, i) => {
    const s = normaliseSiren(raw);
    if (s) {
      unique.add(s);
      return;
    }
    bad += 1;
    if (invalid.length < MAX_LISTED_ERRORS) invalid.push(`Ligne ${lines?.[i] ?? i + 1}\u00a0: «\u00a0${raw.trim().slice(0, 30)}\u00a0» n'est pas un siren valide.`);
  });
  if (bad) {
    if (bad > invalid.length) invalid.push(`… et ${bad - invalid.length} autre(s) ligne(s) invalide(s).`);
    throw validationError({ sirens: invalid });
  }
  return [...unique];
}
