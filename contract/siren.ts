/**
 * SIREN and SIRET, the shared rule (INSEE identifiers), used by the server and, as a pure file, by the web.
 *
 * - SIREN: 9 digits once spaces are removed (`552 032 534` -> `552032534`), Luhn check digit.
 * - SIRET: 14 digits (SIREN + 5-digit NIC), Luhn over the 14 digits; exception for La Poste, whose
 *   establishments outnumber the Luhn scheme: a SIRET starting with its SIREN `356000000` is valid
 *   when the sum of its 14 digits is a multiple of 5 (rule as applied by public validation code;
 *   INSEE is the authority).
 * - Where a SIREN is asked, a valid SIRET is taken for its SIREN (its first 9 digits), which must itself
 *   be a valid SIREN, and the reduction is said: `SIRET 55203253400703 → SIREN 552032534`
 *   (`readSirenOrSiret`, `siretNote`). The Luhn checks of the SIRET and of its SIREN weigh the digits
 *   differently (the SIREN's first digit is doubled in the 14, not in the 9), so the second check is needed.
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

/**
 * What a value typed where a SIREN is asked reads as: a SIREN (`siret` null), a valid SIRET reduced to its
 * SIREN (`siret` its 14 digits), or refused with its French message (`siret` the 14 digits when the value was
 * 14 digits, so that a caller can word the error of a SIRET apart).
 */
export type SirenReading = { ok: true; siren: string; siret: string | null } | { ok: false; siret: string | null; message: string };

/**
 * The note said when a SIRET is taken for its SIREN: `SIRET 55203253400703 → SIREN 552032534`.
 * @param siret - the 14 digits as read (spaces removed)
 * @param siren - its first 9 digits
 */
export function siretNote(siret: string, siren: string): string {
  return `SIRET ${siret} → SIREN ${siren}`;
}

/**
 * The error of 14 digits that are not a usable SIRET: `Le SIRET 55203253400704 est invalide (clé de contrôle
 * incorrecte).`, or, for a SIRET whose own check passes but whose first 9 digits fail the SIREN rule,
 * `Le SIRET 12345678900007 est invalide (son SIREN 123456789 a une clé de contrôle incorrecte).`
 * @param siret - 14 digits (spaces removed)
 */
export function invalidSiretMessage(siret: string): string {
  return isValidSiret(siret)
    ? `Le SIRET ${siret} est invalide (son SIREN ${siret.slice(0, 9)} a une clé de contrôle incorrecte).`
    : `Le SIRET ${siret} est invalide (clé de contrôle incorrecte).`;
}

/**
 * Reads a value typed or pasted where a SIREN is asked, spaces ignored (`stripSpaces`): a valid SIREN is
 * itself; a valid SIRET whose first 9 digits are a valid SIREN is that SIREN (the caller says so with
 * `siretNote`); 14 digits that fail are refused with `invalidSiretMessage`; anything else with SIREN_MESSAGE.
 * Pure: nothing thrown.
 */
export function readSirenOrSiret(value: string): SirenReading {
  const digits = stripSpaces(value);
  if (isValidSiren(digits)) return { ok: true, siren: digits, siret: null };
  if (!/^\d{14}$/.test(digits)) return { ok: false, siret: null, message: SIREN_MESSAGE };
  const siren = digits.slice(0, 9);
  if (isValidSiret(digits) && isValidSiren(siren)) return { ok: true, siren, siret: digits };
  return { ok: false, siret: digits, message: invalidSiretMessage(digits) };
}
