/**
 * The control-character rule of every text field: the Unicode control
 * characters (C0, DEL, C1) are refused except tab, newline and a carriage return that starts a CRLF (pasted
 * Windows text); a lone CR is refused. A NUL made PostgreSQL fail (500) on 9 routes, sign-in included.
 * The field builders of fields.ts add `noControlChars(label)`; the server's safety net
 * (server/http/control-chars.ts) uses `hasControlChars` for fields built otherwise.
 */

// Matching control characters is the point of this pattern.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)/;

/** True when `text` holds a forbidden control character. */
export function hasControlChars(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** `text` without its forbidden control characters (a list search read from a URL, for example). */
export function stripControlChars(text: string): string {
  return text.replace(new RegExp(FORBIDDEN.source, 'g'), '');
}

/** Message of a field whose form label is known. */
export function controlCharMessage(label: string): string {
  return `Le champ ${label} contient un caractère de contrôle non autorisé.`;
}

/** zod `refine` arguments for a text field labelled `label`: `.refine(...noControlChars('Nom'))`. */
export function noControlChars(label: string) {
  return [(v: string) => !hasControlChars(v), { error: () => controlCharMessage(label) }] as const;
}
