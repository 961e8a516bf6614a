/**
 * What the feeds module offers the other modules (they import it only through this file): the company register's
 * head-office and name columns, the readers of structured Opendatasoft fields, and the subscription to its merges
 * and jobs (./events.ts).
 */
export { bodaccNameColumn, registerStatusColumns } from './head-office';
export { isObj, structured } from './bodacc/ods-notice';
export { subscribeToFeeds, type FeedHooks } from './events';
