/** Fills the `{siren}` templates of GET /api/config to build external company and register page URLs. */

/** Placeholder replaced by the SIREN in the external page templates of GET /api/config. */
export const SIREN_PLACEHOLDER = '{siren}';

/**
 * Fills an external page template with a SIREN:
 * `sirenUrl('https://data.inpi.fr/entreprises/{siren}', '552096281')`. Returns null when the
 * template is empty (link not configured).
 */
export function sirenUrl(template: string | null | undefined, siren: string): string | null {
  if (!template) return null;
  return template.split(SIREN_PLACEHOLDER).join(encodeURIComponent(siren));
}
