/** Names of the BODACC feed (issue 9 sections 2 and 3). */

/** The feed's name in `feed_files`. */
export const FEED_NAME = 'bodacc';
/** Update-log code of the entries the feed writes. */
export const FEED_CODE = 'BODACC';
