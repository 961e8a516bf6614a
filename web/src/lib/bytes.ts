/**
 * Sizes in French (`12,3 Mo`, `1,5 ko`, `2,3 Go`): decimal units as file managers show them, one decimal,
 * * the French unit symbols (octet = o), a no-break space before the unit. Formatting by the `filesize` library.
 */
import { filesize } from 'filesize';

const FRENCH_SYMBOLS = { B: 'o', kB: 'ko', MB: 'Mo', GB: 'Go', TB: 'To' };

/** `bytes` (a count of bytes, ≥ 0) as a French size, e.g. `48,1 Mo`. */
export function bytesText(bytes: number): string {
  return filesize(bytes, { locale: 'fr-FR', symbols: FRENCH_SYMBOLS, base: 10, round: 1, spacer: '\u00a0' });
}
