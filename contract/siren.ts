/**
 * SIREN and SIRET, the shared rule (issue 3 point 1; INSEE identifiers).
 *
 * - SIREN: 9 digits once spaces are removed (`552 032 534` -> `552032534`), Luhn check digit.
 * - SIRET: 14 digits (SIREN + 5-digit NIC), Luhn over the 14 digits; exception for La Poste, whose
 *   establishments outnumber the Luhn scheme: a SIRET starting with its SIREN `356000000` is valid
 *   when the sum of its 14 digits is a multiple of 5 (rule as applied by public validation code;
 *   INSEE is the authority).
 * The Luhn computation itself comes from `fast-luhn`.
 */
import luhn from 'fast-luhn';

export const LA_POSTE_SIREN = '356000000';
export const SIREN_MESSAGE = 'Le siren doit comporter 9 chiffres valides.';
export const SIRET_MESSAGE = 'Le siret doit comporter 14 chiffres valides.';

/** Removes spaces (including non-breaking and thin spaces) around and inside a value. */
export function stripSpaces(value: string): string {
  return value.replace(/[\s\u00a0\u202f]+/g, '');
}

/** True when `digits` (already stripped) is a valid SIREN. */
export function isValidSiren(digits: string): boolean {
  return /^\d{9}$/.test(digits) && luhn(digits);
}

/** True when `digits` (already stripped) is a valid SIRET, La Poste's rule included. */
export function isValidSiret(digits: string): boolean {
  if (!/^\d{14}$/.test(digits)) return false;
  if (luhn(digits)) return true;
  if (!digits.startsWith(LA_POSTE_SIREN)) return false;
  let sum = 0;
  for (const c of digits) sum += c.charCodeAt(0) - 48;
  return sum % 5 === 0;
}

/** The normalised SIREN (9 digits) of a user value, or null when it is not a valid SIREN. */
export function normaliseSiren(value: string): string | null {
  const digits = stripSpaces(value);
  return isValidSiren(digits) ? digits : null;
}

/** The normalised SIRET (14 digits) of a user value, or null when it is not a valid SIRET. */
export function normaliseSiret(value: string): string | null {
  const digits = stripSpaces(value);
  return isValidSiret(digits) ? digits : null;
}
