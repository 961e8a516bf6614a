/**
 * Background jobs (CONVENTIONS.md section 6): the progress and outcome of each job that
 * pg-boss runs (its own tables live in the `pgboss` schema). One row per job, read by `GET /api/jobs/{id}`:
 * state queued / running / done / failed, rows read, bytes read / total, French error, result.
 * `lock_key` names the PostgreSQL advisory locks a live process holds on the job — while it runs it, and while it
 * holds it queued (server/jobs/holding.ts) —, so that another process can tell a job whose process died (lock
 * free) from one still running or about to start (server/jobs/recovery.ts).
 */
import { bigint, bigserial, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { admins } from './admins';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The job kind, also its pg-boss queue name (`news-import`). */
    kind: varchar('kind', { length: 64 }).notNull(),
    /** The administrator who started it (null once that account is deleted). */
    ownerId: integer('owner_id').references(() => admins.id, { onDelete: 'set null' }),
    /** queued | running | done | failed */
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    rowsRead: bigint('rows_read', { mode: 'number' }).notNull().default(0),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    bytesTotal: bigint('bytes_total', { mode: 'number' }),
    /** French message of a failure. */
    error: text('error'),
    /**
     * Why a failed job failed, for the programs that act on it (server/jobs/failure.ts): `refused` (its input,
     * the message says why), `interrupted` (its process died), `shutdown` (a clean stop), `never_started`,
     * `unexpected` (a fault, in the log). Null while it has not failed.
     */
    failureKind: varchar('failure_kind', { length: 16 }),
    /** What the job was given (e.g. the stored file and its name). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** What the job produced (e.g. `{rows, rows_in_error}`). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    lockKey: bigserial('lock_key', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('jobs_owner_kind_idx').on(t.ownerId, t.kind, t.createdAt), index('jobs_state_idx').on(t.state)],
);

/**
 * The input file of a job, kept in the database in chunks of at most 1 MiB, so that whichever vigie
 * process fetches the job can read it. Deleted with its job, or once the job ends.
 */
export const jobFileChunks = pgTable(
  'job_file_chunks',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
