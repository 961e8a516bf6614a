/**
 * Parsing of a SIRENs textarea (a group's, a register queue's): split by line, trim, drop empty lines,
 * keep line numbers (SPEC section 4).
 */

/** SIRENs typed in the textarea and the (1-based) line number of each. */
export interface SirenLines {
  sirens: string[];
  lines: number[];
}

/**
 * Splits the textarea text by line, trims each line and drops the empty ones, keeping each
 * value's original line number so that the server's messages name the right lines.
 */
export function parseSirenLines(text: string): SirenLines {
  const sirens: string[] = [];
  const lines: number[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const value = raw.trim();
    if (!value) return;
    sirens.push(value);
    lines.push(index + 1);
  });
  return { sirens, lines };
}
