/**
 * What the feeds module offers the other modules (they import it only through this file): what the stored BODACC
 * notices say of a SIREN (the register's lookup reads it, given by the registry) and a notice's page on bodacc.fr,
 * the readers of structured Opendatasoft fields, and the subscription to its merges and jobs (./events.ts).
 */
export { bodaccMention } from './bodacc/mention';
export { noticeUrl } from './bodacc/notice';
export { isObj, structured } from './bodacc/ods-notice';
export { subscribeToFeeds, type FeedHooks } from './events';
