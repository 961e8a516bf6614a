/**
 * Limits of the HTTP contract that the web needs as values too. Pure and
 * free of zod, so the web may import it.
 */

/** Highest `?page` a list accepts. */
export const MAX_PAGE = 1_000_000;
/** Longest list search (`search` of a filter body, `q` of a list URL), in characters. */
export const MAX_SEARCH_LENGTH = 500;
/** Most SIRENs one `POST /api/groups/addsirens` takes. */
export const MAX_SIRENS_PER_CALL = 200_000;
/** Body limit of `POST /api/groups/addsirens`, in bytes (8 MiB; 1 MiB elsewhere). */
export const ADD_SIRENS_BODY_BYTES = 8 * 1024 * 1024;
/** Largest CSV file the news import accepts (bytes: 50 MiB) and most data rows it reads. */
export const NEWS_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const NEWS_IMPORT_MAX_ROWS = 1_000_000;
