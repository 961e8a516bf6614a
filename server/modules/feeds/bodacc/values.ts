/**
 * The plain values read from a BODACC notice, whatever its format (DILA XML, Opendatasoft): a trimmed text, and the
 * SIRENs among the values a notice gives. Shared by the notice (./notice.ts) and its parts (./party.ts, ./place.ts).
 */
import { isValidSiren, stripSpaces } from '../../../../contract/siren';

/**
 * The SIRENs among `values` (spaces, including non-breaking ones, removed), by the shared rule (9 digits and
 * a valid check digit, contract/siren.ts), without duplicates, in order. Other values are dropped: RNA
 * numbers, foreign registrations, empty values, and a mistyped number, which names no company (the notice is
 * still stored; only that number gets no update-log entry and no SIREN column).
 */
export function sirensOf(values: Iterable<unknown>): string[] {
  const out: string[] = [];
  for (const v of values) {
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    const digits = stripSpaces(String(v));
    if (isValidSiren(digits) && !out.includes(digits)) out.push(digits);
  }
  return out;
}

/** One SIREN from a value such as `892 606 575`, or null. */
export function sirenOf(value: unknown): string | null {
  return sirensOf([value])[0] ?? null;
}

/** A trimmed non-empty string, or null. */
export function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const t = value.replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
}
