/**
 * What every module receives: configuration, the database, the APP_KEY-bound secret box and the job queue.
 * Built once in main.ts (or per test file) and passed to `buildApp`.
 */
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { SecretBox } from './lib/app-key';

export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  box: SecretBox;
  /** The background-job queue (pg-boss; started by the app when it is ready, stopped before it closes). */
  jobs: JobQueue;
}
