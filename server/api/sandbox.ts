/**
 * The sandbox data set of the customer API: what Sandbox tokens read, in a database of its own, so that a sandbox
 * call cannot reach a production row whatever its query says.
 *
 * The data set is prepared once per process, at start-up (server/main.ts calls `start`), never inside a customer's
 * request: how it is prepared (open, migrate, seed when empty) is given by the app level (server/seed/sandbox.ts),
 * since the customer API imports nothing of the seed. Until it is ready, a Sandbox call answers at once a 503
 * `unavailable` problem with `Retry-After` (RFC 9110 section 10.2.3), instead of waiting for it or starting it. A
 * preparation that fails is logged and tried again RETRY_MS later, until the app closes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/client';
import { ApiProblem } from '../http/problem';

/**
 * Prepares the sandbox database and hands it over ready to read; it may stop early (and close what it opened)
 * once `signal` is aborted. @throws when the database cannot be opened, migrated or seeded
 */
export type SandboxPreparation = (log: SandboxLog, signal: AbortSignal) => Promise<Database>;

/** The log lines of the sandbox's preparation. */
export type SandboxLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** Where the sandbox stands: not started yet, being prepared, readable, or failed (and to be tried again). */
export type SandboxState = 'idle' | 'preparing' | 'ready' | 'failed';

/** Delay before a failed preparation is tried again, in milliseconds. */
export const RETRY_MS = 30_000;
/** `Retry-After` of a call that arrives while the data set is being prepared, in seconds (about a preparation on PGlite). */
export const PREPARING_RETRY_AFTER_S = 10;

/** The `detail` of the 503 problem of a Sandbox call made before the data set is ready. */
export function sandboxNotReady(seconds: number): string {
  return `Le jeu de données Sandbox est en préparation\u00a0: réessayez dans ${seconds}\u00a0s.`;
}

/** The sandbox database: prepared once by `start`, read by the Sandbox calls once ready. */
export class Sandbox {
  private current: SandboxState = 'idle';
  private database?: Database;
  private preparing?: Promise<void>;
  private retry?: NodeJS.Timeout;
  private retryAt = 0;
  private readonly stop = new AbortController();

  constructor(
    private readonly prepare: SandboxPreparation,
    private readonly log: SandboxLog,
    private readonly retryMs = RETRY_MS,
  ) {}

  /** Where the data set stands. */
  get state(): SandboxState {
    return this.current;
  }

  /**
   * Starts preparing the data set, unless it is ready or being prepared. Never rejects: a failure is logged and
   * tried again `retryMs` later. @returns when this attempt has ended (ready or failed)
   */
  start(): Promise<void> {
    if (this.stop.signal.aborted || this.current === 'ready') return Promise.resolve();
    this.preparing ??= this.attempt().finally(() => {
      this.preparing = undefined;
    });
    return this.preparing;
  }

  /**
   * The sandbox's database handle, once the data set is ready.
   * @throws ApiProblem `unavailable` (503) with `Retry-After` while it is not (never starts nor awaits a preparation)
   */
  db(): Db {
    if (this.database) return this.database.db;
    const seconds = this.current === 'failed' ? Math.max(1, Math.ceil((this.retryAt - Date.now()) / 1000)) + PREPARING_RETRY_AFTER_S : PREPARING_RETRY_AFTER_S;
    throw new ApiProblem('unavailable', sandboxNotReady(seconds), undefined, { 'retry-after': String(seconds) });
  }

  /**
   * Stops: no new attempt, the preparation under way is told to stop (its database is closed when it hands it over
   * anyway), and the ready database is closed. Does not wait for a preparation under way.
   */
  async close(): Promise<void> {
    this.stop.abort();
    clearTimeout(this.retry);
    const database = this.database;
    this.database = undefined;
    await database?.close();
  }

  /** One preparation: ready, or failed with a retry planned. */
  private async attempt(): Promise<void> {
    clearTimeout(this.retry);
    this.current = 'preparing';
    try {
      const database = await this.prepare(this.log, this.stop.signal);
      if (this.stop.signal.aborted) {
        await database.close();
        return;
      }
      this.database = database;
      this.current = 'ready';
    } catch (err) {
      this.current = 'failed';
      if (this.stop.signal.aborted) return;
      this.log.error({ err }, 'customer API: sandbox data set not prepared, tried again later');
      this.retryAt = Date.now() + this.retryMs;
      this.retry = setTimeout(() => void this.start(), this.retryMs);
      this.retry.unref();
    }
  }
}
