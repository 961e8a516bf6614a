/**
 * The one validation of a SIREN textarea (SPEC "Groups"), shared by the groups' `addsirens` and the RNE queues'
 * manual add and feed push: every entry is read by the shared rule (contract/siren.ts `readSirenOrSiret`: spaces
 * removed, a SIREN, or a valid SIRET taken for its SIREN). When any entry is refused, the whole call is refused
 * with a 422 listing the refused lines under `errors.sirens` (`Ligne 3 : « 12 » n’est pas un siren valide.`,
 * `Ligne 4 : le SIRET 55203253400704 est invalide (clé de contrôle incorrecte).`); at most 50 lines, then a count
 * of the rest. Otherwise each SIRET line is answered with its note (`Ligne 2 : SIRET 55203253400703 → SIREN
 * 552032534`), under the same bound (`SiretNotes`, which the news CSV import uses for its rows too).
 */
import { readSirenOrSiret, siretNote } from '../../contract/siren';
import { validationError } from '../lib/errors';

/** Lines listed (refused, or SIRETs noted) before the count of the others. */
export const MAX_LISTED_LINES = 50;

/** `Ligne 2 : ` before a text. */
const onLine = (line: number, text: string) => `Ligne ${line}\u00a0: ${text}`;
/** A sentence continued after `Ligne 4 : ` (`Le SIRET …` -> `le SIRET …`). */
const continued = (sentence: string) => sentence.charAt(0).toLowerCase() + sentence.slice(1);

/**
 * The notes of the lines whose SIRET was taken for its SIREN: `Ligne 2 : SIRET 55203253400703 → SIREN 552032534`,
 * the first MAX_LISTED_LINES of them, then `… et 3 autre(s) SIRET ramené(s) à leur SIREN.`
 */
export class SiretNotes {
  private readonly listed: string[] = [];
  private total = 0;

  /** Notes line `line`, whose note (contract/siren.ts `siretNote`) is `note`. */
  add(line: number, note: string): void {
    this.total += 1;
    if (this.listed.length < MAX_LISTED_LINES) this.listed.push(onLine(line, note));
  }

  /** How many lines were noted. */
  get count(): number {
    return this.total;
  }

  /** The notes to answer (empty when no line was a SIRET). */
  list(): string[] {
    const rest = this.total - this.listed.length;
    return rest > 0 ? [...this.listed, `… et ${rest} autre(s) SIRET ramené(s) à leur SIREN.`] : [...this.listed];
  }
}

/** The distinct SIRENs of a textarea, and the notes of its SIRET lines. */
export interface SirenLines {
  /** Distinct SIRENs, in first-seen order (a SIRET gives its SIREN). */
  sirens: string[];
  /** `Ligne 2 : SIRET 55203253400703 → SIREN 552032534`, one per SIRET line (bounded); empty when none. */
  notes: string[];
}

/**
 * Reads the entries of a SIREN textarea.
 * @param lines - optional line number of each entry as the user typed it (defaults to its position, 1-based)
 * @throws AppError 422 `errors.sirens` when any entry is neither a valid SIREN nor a valid SIRET (nothing is kept)
 */
export function parseSirenLines(values: readonly string[], lines?: readonly number[]): SirenLines {
  const invalid: string[] = [];
  const notes = new SiretNotes();
  const unique = new Set<string>();
  let bad = 0;
  values.forEach((raw, i) => {
    const line = lines?.[i] ?? i + 1;
    const read = readSirenOrSiret(raw);
    if (read.ok) {
      unique.add(read.siren);
      if (read.siret) notes.add(line, siretNote(read.siret, read.siren));
      return;
    }
    bad += 1;
    if (invalid.length >= MAX_LISTED_LINES) return;
    invalid.push(onLine(line, read.siret ? continued(read.message) : `«\u00a0${raw.trim().slice(0, 30)}\u00a0» n’est pas un siren valide.`));
  });
  if (bad) {
    if (bad > invalid.length) invalid.push(`… et ${bad - invalid.length} autre(s) ligne(s) invalide(s).`);
    throw validationError({ sirens: invalid });
  }
  return { sirens: [...unique], notes: notes.list() };
}
