/**
 * What every module receives: configuration, the database and the APP_KEY-bound secret box.
 * Built once in main.ts (or per test file) and passed to `buildApp`.
 */
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import type { SecretBox } from './lib/app-key';

export interface AppContext {
  config: AppConfig;
  database: Database;
  db: Db;
  box: SecretBox;
}
