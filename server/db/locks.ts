/**
 * Registry of every PostgreSQL advisory lock vigie takes. A key written anywhere else is a key nobody checks:
 * two uses sharing one key serialise each other for nothing, and deadlock when one process holds the first while
 * waiting for something the other holds under the second (test/unit/advisory-locks.test.ts asserts that every key
 * is unique, and that no server file passes a number literal to an advisory lock function).
 *
 * PostgreSQL has two separate key spaces:
 * - one bigint key, `pg_advisory_lock(key)`: `ADVISORY_LOCKS`, one whole key per use;
 * - two int4 keys, `pg_advisory_lock(class, object)`: `ADVISORY_LOCK_CLASSES` names the first (the kind of
 *   thing locked), the caller gives the second (which one: a job, an administrator).
 * A key of one space never meets a key of the other, so uniqueness holds within each space.
 * pg-boss takes its own transaction lock, keyed on a hash of the database and schema names: not ours to list.
 */

/** Single bigint keys (`pg_advisory_lock(key)`, `pg_advisory_xact_lock(key)`), one per use. */
export const ADVISORY_LOCKS = {
  /** Migrations and pg-boss's schema: one process migrates, the others wait (server/db/client.ts). */
  migrations: 727270,
  /** Creation of the first super administrator on an empty database (server/bootstrap.ts). */
  bootstrap: 727271,
  /** Creation of the pg-boss queues, which deadlocks inside pg-boss when two processes run it at once (server/jobs/scheduling.ts). */
  queues: 727272,
  /** Builds of the online indexes, one process at a time (server/db/online-indexes.ts). */
  onlineIndexes: 727273,
  /** Merge of a deals import: one import writes at a time, two files may name the same deal (server/modules/deals/import-job.ts). */
  dealsMerge: 727275,
  /** Publication and purge of the published deals, which never interleave (server/modules/deals/publication.ts). */
  dealsPublication: 7_310_010_001,
} as const;

/** First keys of the two-key locks (`pg_advisory_lock(class, object)`): the caller gives the object. */
export const ADVISORY_LOCK_CLASSES = {
  /** A running job, held by its process on a connection of its own; the object is the job's `lock_key` (server/jobs/execute.ts). */
  job: 7273,
  /** Processing of the news imports, one at a time per administrator; the object is the administrator's id (server/modules/news/imports.ts). */
  newsProcess: 7274,
  /**
   * Creating a job whose owner may have only one of its kind pending (a news or deals import): the check of that
   * rule and the job's row, in one transaction; the object is the administrator's id (server/jobs/submit.ts `createJob`).
   */
  ownerUpload: 7275,
  /**
   * A queued job its process holds (created and not yet in pg-boss, or dispatched to run in that process), on one
   * connection of the process's own: its process is alive while the lock is held; the object is the job's
   * `lock_key` (server/jobs/holding.ts).
   */
  queuedJob: 7276,
} as const;

/** Name of a single-key advisory lock. */
export type AdvisoryLockName = keyof typeof ADVISORY_LOCKS;
/** Name of a two-key advisory lock class. */
export type AdvisoryLockClassName = keyof typeof ADVISORY_LOCK_CLASSES;
