/**
 * Words the screens use about what the company register knows of a SIREN (`GET /api/companies/{siren}`,
 * contract/feeds.ts; a group's SIRENs, contract/groups.ts).
 */

/**
 * Tag beside a valid SIREN that the company register does not know (a group's line, a deal entity;
 * the same words as contract/feeds.ts `UNKNOWN_TO_REGISTER`, which the web cannot import as a value).
 */
export const UNKNOWN_TO_REGISTER = 'inconnu au répertoire';
/** Tag beside a company whose head office is closed in the register (INSEE establishment state F). */
export const HEAD_OFFICE_CLOSED = 'Siège fermé';
/** Its tooltip. */
export const HEAD_OFFICE_CLOSED_TITLE = 'Le siège de cette entreprise est fermé au répertoire INSEE.';
/**
 * Said of a SIREN that the register knows only by establishments (no legal unit, so no company name: an
 * establishment's sign is not the company's name).
 */
export const KNOWN_BY_ESTABLISHMENTS_ONLY = 'connu seulement par ses établissements';
/**
 * Said of a SIREN that no INSEE file holds but a stored BODACC notice names without a name for it (a seller's
 * SIREN the notice gives with no name).
 */
export const KNOWN_BY_BODACC_ONLY = 'connu seulement par le BODACC';
/** Hint under a company name that is the one a BODACC notice gives (the SIREN is in no INSEE file). */
export const BODACC_NAME_USED = 'Nom repris du BODACC';
/** Hint under a company name typed by hand, when a BODACC notice names the SIREN: followed by the notice's name. */
export const BODACC_NAME_IS = 'Nom au BODACC\u00a0: ';
/** Tag beside a company name that a BODACC notice gives (in a list), and its tooltip. */
export const BODACC_NAME_TAG = 'BODACC';
export const BODACC_NAME_TITLE = 'Nom donné par un avis du BODACC\u00a0: l’entreprise n’est dans aucun fichier INSEE importé.';
