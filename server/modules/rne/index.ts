/**
 * What the RNE module offers the other modules (they import it only through this file): the SQL with which the
 * feeds' merges fill the RNE queues, and the wrapper that wakes the worker once a feed job has committed.
 */
export { bodaccEnqueueSql, inseeEnqueueCte, officersChanged } from './hooks';
export { wakingRneWorker } from './wake-jobs';
