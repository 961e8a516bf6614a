/**
 * Jobs declared once, typed end to end: `defineJob` names a kind of job, the zod schema of its payload `P` and how
 * its handler is built from what the caller of `JobQueue.register` gives it (`D`: the app's context for a module's
 * job, nothing for a test's). The same `P` types the call that queues a job (`JobQueue.create` and `dispatch` take
 * the definition and a `P`) and the handler that runs it (`ctx.payload: P`), so that neither end casts.
 *
 * The queue parses the stored payload with the schema once, when the job starts: a job whose payload does not
 * match (a row written by an older version, say) fails `refused` with BAD_PAYLOAD_MESSAGE instead of running on
 * bad input, and its handler never runs. The stored payload is the JSON of what the caller gave, parsed again as
 * input: a schema's input and output types are the same (`z.ZodType<P, P>`: no transforms or defaults).
 *
 * A server module lists its definitions (`ServerModule.jobs`); server/modules/job-registry.ts registers them on
 * the app's queue in the server, the worker, the CLI and the seed alike.
 */
import type { z } from 'zod';
import type { Database, Db } from '../db/client';
import type { Sql } from '../db/sql';
import type { JobRow } from './store';

/** Message of a job whose payload does not match its kind's schema (failure kind `refused`). */
export const BAD_PAYLOAD_MESSAGE = 'Traitement refusé\u00a0: ses paramètres ne sont pas valides (enregistré par une autre version de vigie\u202f?). Relancez-le.';

/** A job's row as its handler sees it: its payload parsed by its definition's schema. */
export type ClaimedJob<P> = Omit<JobRow, 'payload'> & { payload: P };

/** What a handler receives. */
export interface JobContext<P> {
  /** The job's row, claimed (`running`), its payload parsed. */
  job: ClaimedJob<P>;
  /** The parsed payload (the same object as `job.payload`). */
  payload: P;
  database: Database;
  /**
   * Plain SQL on the job's own connection (PostgreSQL: the one holding its lock) or on the embedded instance:
   * where the handler opens its transaction and COPYs (server/db/sql.ts).
   */
  sql: Sql;
  /**
   * Aborted when the server stops or an administrator cancels the job (its reason is then a `JobCancelled`,
   * ./failure.ts): the handler rolls back and throws (./staged-import.ts `throwIfStopped`).
   */
  signal: AbortSignal;
  /** Records rows and bytes read (throttled by the caller: call it every few thousand rows). */
  progress(rowsRead: number, bytesRead: number): Promise<void>;
}

/** What a handler's run answers: the job's result (stored as JSON) with the rows and bytes read. */
export interface JobOutput {
  result: Record<string, unknown>;
  rowsRead?: number;
  bytesRead?: number;
  /** The job's end is written already, inside the transaction of its work (./staged-import.ts). */
  ended?: true;
}

/** A job that ended without its work, as its cleanup is given it. */
export interface StoppedJob<P> {
  id: string;
  /** Its payload, or undefined when the stored one does not match the schema. */
  payload: P | undefined;
}

/** The handler of a kind of job. */
export interface JobHandler<P> {
  /** Runs the job; answers its result. Throw an AppError for a French message (the job fails `refused`). */
  run(ctx: JobContext<P>): Promise<JobOutput>;
  /** Removes whatever a failed or interrupted run of `job` left (called only for a job that did not commit). */
  cleanup(db: Db, job: StoppedJob<P>): Promise<void>;
}

/** One kind of job: its name, the schema of its payload `P`, and how its handler is built from `D`. */
export interface JobDefinition<P, D = unknown> {
  /** The kind, also its pg-boss queue name (letters, digits, `-`). */
  readonly kind: string;
  /** The schema of its payload (`jobs.payload`). */
  readonly payload: z.ZodType<P, P>;
  /** Builds its handler (once, when it is registered on a queue). */
  build(deps: D): JobHandler<P>;
}

/** A stored payload parsed by `definition`'s schema, or undefined when it does not match (written by another version). */
export function parsePayload<P>(definition: Pick<JobDefinition<P, never>, 'payload'>, stored: unknown): P | undefined {
  const parsed = definition.payload.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Declares a kind of job (see the module's doc).
 * @param build - builds the handler from what the registry gives (the app's context for a module's job)
 */
export function defineJob<P, D = unknown>(kind: string, payload: z.ZodType<P, P>, build: (deps: D) => JobHandler<P>): JobDefinition<P, D> {
  return { kind, payload, build };
}
