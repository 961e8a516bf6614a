/**
 * Quoting what a file holds, safely: the one way an import error (Sirene, BODACC, news, deals) or a command-line
 * message shows text read from a file or typed by someone else.
 *
 * - `escapeControls`: every control character (C0, DEL, C1) and every character that changes how a terminal or
 *   a page draws the text (line and paragraph separators, bidirectional overrides and isolates, zero-width
 *   marks) is written as `\xNN` (`\u{NNNN}` above 0xFF), so that a quoted value is one line that draws as
 *   written — a terminal title escape (`\x1b]2;…\x07`) prints as text instead of being obeyed.
 * - `excerpt`: that escaped text cut at 80 characters (`…` at the cut), the most an error may quote.
 * - `headerExcerpt`: a CSV header line quoted only when it reads like one (column names joined by the
 *   delimiter): an import error never quotes a data line, or the content of a file that is not a CSV at all
 *   (a key, a password file), in full or in part.
 */

/** The most characters an error quotes from a file (escapes and the `…` included). */
export const EXCERPT_MAX = 80;

/** Characters shown escaped: C0 and C1 controls, DEL, separators, bidi controls, zero-width marks, BOM. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu;

/** `\xNN` (`\u{NNNN}` above 0xFF) for one character. */
function escapeChar(c: string): string {
  const code = c.codePointAt(0)!;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/**
 * `text` with every control or drawing-changing character written as `\xNN` / `\u{NNNN}` (see the module's doc).
 * @param keep - characters left as they are (e.g. '\n' for a multi-line message printed on a terminal)
 */
export function escapeControls(text: string, keep = ''): string {
  return text.replace(UNSAFE, (c) => (keep.includes(c) ? c : escapeChar(c)));
}

/**
 * JSON text with every character `escapeControls` escapes written as a JSON `\uNNNN` escape instead (all of them
 * are in the BMP), so that the text stays valid JSON: JSON.stringify leaves DEL, the C1 controls and U+2028 raw.
 */
export function escapeControlsInJson(json: string): string {
  return json.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * At most `max` characters of `text`, escaped (`escapeControls`, no line break left), cut with `…` where it was
 * longer; an escape is never cut in two.
 * @param max - length of the answer at most, in UTF-16 units (default EXCERPT_MAX, 80)
 */
export function excerpt(text: string, max = EXCERPT_MAX): string {
  const pieces: string[] = [];
  let length = 0;
  for (const c of text) {
    const piece = isUnsafe(c) ? escapeChar(c) : c;
    if (length + piece.length > max) {
      // Room for the ellipsis: whole pieces are dropped from the end until it fits.
      while (length + 1 > max) length -= pieces.pop()!.length;
      return `${pieces.join('')}…`;
    }
    pieces.push(piece);
    length += piece.length;
  }
  return pieces.join('');
}

function isUnsafe(c: string): boolean {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(c);
}

/** A column name as headers write them: letters (accented too), digits, spaces and `_ - . ' ’ ( ) / # ° % & €`. */
const COLUMN_NAME = /^[\p{L}\p{N} _\-.'’()/#°%&€]{1,64}$/u;

/**
 * The header `names` (already split on their delimiter) quoted for an error — `a, b, c` as an excerpt (at most
 * EXCERPT_MAX characters) —, or null when they do not read as a CSV header: fewer than two names, or a name
 * that is not a column name (empty names aside). A line that is not a header is never quoted: the caller says
 * what it expected instead.
 */
export function headerExcerpt(names: readonly string[]): string | null {
  const kept = names.map((n) => n.trim()).filter(Boolean);
  if (kept.length < 2 || !kept.every((n) => COLUMN_NAME.test(n))) return null;
  return excerpt(kept.join(', '));
}
