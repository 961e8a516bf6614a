/** Query keys of the pending news (SPEC section 2 "/news"), shared by the list, Synchroniser and Process. */

/** Root of the pending news queries: `['news', 'pending', filter]` per page. */
export const PENDING_NEWS_KEY = ['news', 'pending'] as const;

/** The imports that still have pending rows (the import chips of /news). */
export const PENDING_IMPORTS_KEY = ['news', 'pending-imports'] as const;
