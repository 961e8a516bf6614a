/**
 * What the feeds module offers the other modules (they import it only through this file): the company register's
 * head-office and name columns, and the readers of structured Opendatasoft fields.
 */
export { bodaccNameColumn, registerStatusColumns } from './head-office';
export { isObj, structured } from './bodacc/ods-notice';
