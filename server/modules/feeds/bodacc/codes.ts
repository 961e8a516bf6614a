/** Names of the BODACC feed. */

/** The feed's name in `feed_files`. */
export const FEED_NAME = 'bodacc';
/** Update-log code of the entries the feed writes. */
export const FEED_CODE = 'BODACC';
