/**
 * Words the screens use about what the company register knows of a SIREN (`GET /api/companies/{siren}`,
 * contract/feeds.ts; a group's SIRENs, contract/groups.ts).
 */

/** Tag beside a company whose head office is closed in the register (INSEE establishment state F). */
export const HEAD_OFFICE_CLOSED = 'Siège fermé';
/** Its tooltip. */
export const HEAD_OFFICE_CLOSED_TITLE = 'Le siège de cette entreprise est fermé au répertoire INSEE.';
/**
 * Said of a SIREN that the register knows only by establishments (no legal unit, so no company name: an
 * establishment's sign is not the company's name).
 */
export const KNOWN_BY_ESTABLISHMENTS_ONLY = 'connu seulement par ses établissements';
