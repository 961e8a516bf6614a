/**
 * The queued jobs a process holds: created and not yet in pg-boss (their input still arriving), or dispatched to run
 * in this process (`here`) and not yet over. Nothing but this process will start such a job, so recovery
 * (./recovery.ts) takes one as lost only once its process is gone:
 * - PostgreSQL: the process holds a session advisory lock per such job (ADVISORY_LOCK_CLASSES.queuedJob, the job's
 *   `lock_key`) on one connection of its own, taken before the job's row is committed and released once the job is
 *   in pg-boss or its run is over; the locks go with the connection when the process dies.
 * - PGlite (one process): the ids it holds, in memory, with the ids of the jobs it runs (kept per open database,
 *   shared by every queue of the process on it); at start it holds none.
 */
import type pg from 'pg';
import type { Database } from '../db/client';
import { ADVISORY_LOCK_CLASSES } from '../db/locks';
import type { JobRow } from './store';

/** The jobs this process holds queued or runs, on one database. */
interface ProcessJobs {
  held: Set<string>;
  running: Set<string>;
}

const processes = new WeakMap<Database, ProcessJobs>();

/** The ids of the jobs this process holds queued (`held`) or runs (`running`) on `database`. */
export function processJobs(database: Database): ProcessJobs {
  let jobs = processes.get(database);
  if (!jobs) processes.set(database, (jobs = { held: new Set(), running: new Set() }));
  return jobs;
}

/** The second key of a job's advisory locks (their first is a class of ADVISORY_LOCK_CLASSES), from its `lock_key` (an int4). */
export function jobLockObject(lockKey: number): number {
  return Number(lockKey) % 2147483647;
}

/** A connection of the locks, and how to give it back to the pool (once). */
interface LockConnection {
  client: pg.PoolClient;
  giveBack(err?: Error): void;
}

/** The jobs one queue holds queued, and on PostgreSQL the connection of their locks (see the module's doc). */
export class HeldJobs {
  private connection?: Promise<LockConnection>;
  /** The `lock_key` of each job this queue holds, by id. */
  private readonly mine = new Map<string, number>();

  constructor(
    private readonly database: Database,
    private readonly log: () => { error(obj: object, msg?: string): void },
  ) {}

  /** Whether this queue holds job `id`. */
  has(id: string): boolean {
    return this.mine.has(id);
  }

  /** Holds `job`: call before its row is committed (inside the transaction that creates it or queues it again). */
  async hold(job: Pick<JobRow, 'id' | 'lockKey'>): Promise<void> {
    processJobs(this.database).held.add(job.id);
    this.mine.set(job.id, job.lockKey);
    if (this.database.kind !== 'pg') return;
    const { client } = await this.open();
    await client.query('select pg_advisory_lock($1, $2)', [ADVISORY_LOCK_CLASSES.queuedJob, jobLockObject(job.lockKey)]);
  }

  /** Lets job `id` go (it is in pg-boss, its run is over, or it is gone); nothing when this queue does not hold it. */
  async release(id: string): Promise<void> {
    const lockKey = this.mine.get(id);
    if (lockKey === undefined) return;
    this.mine.delete(id);
    processJobs(this.database).held.delete(id);
    const connection = this.connection;
    if (!connection) return;
    try {
      const { client } = await connection;
      await client.query('select pg_advisory_unlock($1, $2)', [ADVISORY_LOCK_CLASSES.queuedJob, jobLockObject(lockKey)]);
    } catch (err) {
      this.log().error({ err, job: id }, 'queued job release failed');
    }
  }

  /** Lets every job go and gives the connection back (at the queue's stop). */
  async close(): Promise<void> {
    for (const id of this.mine.keys()) processJobs(this.database).held.delete(id);
    this.mine.clear();
    const connection = this.connection;
    this.connection = undefined;
    const opened = await connection?.catch(() => undefined);
    if (!opened) return;
    await opened.client.query('select pg_advisory_unlock_all()').catch(() => {});
    opened.giveBack();
  }

  /** The connection of the locks, opened at the first hold; one the server ends is replaced at the next hold. */
  private open(): Promise<LockConnection> {
    if (this.connection) return this.connection;
    const opening: Promise<LockConnection> = this.database.pool!.connect().then((client) => {
      let returned = false;
      const onError = (err: Error) => {
        // Its locks are gone with it: another process may now judge the jobs it held lost.
        this.log().error({ err }, 'queued jobs connection lost');
        if (this.connection === opening) this.connection = undefined;
        giveBack(err);
      };
      const giveBack = (err?: Error) => {
        if (returned) return;
        returned = true;
        client.off('error', onError);
        client.release(err);
      };
      client.on('error', onError);
      return { client, giveBack };
    });
    this.connection = opening;
    opening.catch(() => {
      if (this.connection === opening) this.connection = undefined;
    });
    return opening;
  }
}
