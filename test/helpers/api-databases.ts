/**
 * Which database each API test file (test/api) runs on when both are at hand (TEST_DATABASE_URL set: CI, and
 * `npm test` beside a PostgreSQL server). Read by vitest.config.ts.
 *
 * - Files whose subject does not depend on the database run once, on PostgreSQL (`ONE_DATABASE_FILES`): the HTTP
 *   contract, validation and its French messages, sign-in and sessions, the shape of answers, the customer API's
 *   routes and documents, calls to outside services, the inbox folders, logs. Their queries are plain reads and writes that both
 *   databases run alike, and the files that do depend on the driver cover that code on both.
 * - Every other file runs on both: imports and their COPY (PGlite's `/dev/blob`, pg-copy-streams), jobs and their
 *   recovery and cancellation, concurrency, locks and deadlocks, bulk actions of 100,000 rows in one transaction,
 *   deep pages and planner estimates, cursors and streamed exports, uploads stored in the database, the
 *   nomenclatures, migrations and online indexes, the demo seed. A file that holds only on one database says so
 *   itself (`describe.runIf`).
 * - Without TEST_DATABASE_URL, every file runs on PGlite: each file keeps at least one database.
 *
 * PostgreSQL is the one of the single-database files because a file there costs less (no WebAssembly database to
 * load per file, the statements run outside the test's event loop).
 */

/** API test files (paths from the repository's root) that run on one database, PostgreSQL when it is at hand. */
export const ONE_DATABASE_FILES: readonly string[] = [
  'admins',
  'auth',
  'bodacc-rebuild',
  'bodacc-rows',
  'company-bodacc',
  'company-lookup',
  'compression',
  'control-chars',
  'csv-formula-injection',
  'customer-api-announcements',
  'customer-api-companies',
  'customer-api-deals',
  'customer-api-docs',
  'customer-api-limits',
  'customer-api-logs',
  'customer-api-news',
  'customer-api-only',
  'customer-api-sandbox',
  'customer-api-tokens',
  'customer-api-usage',
  'customers-usage',
  'customers',
  'dashboard',
  'deal-lists',
  'deals',
  'docs',
  'errors',
  'feed-inbox',
  'groups',
  'http-contract',
  'listing',
  'log-redaction',
  'mfa-logs',
  'mfa',
  'news-categories',
  'news-temporaries-delete',
  'outside-http',
  'profile',
  'rne-accounts',
  'rne-feed-push',
  'root-redirect',
  'route-guard',
  'sessions',
  'siret-as-siren',
  'smoke',
  'trust-proxy',
  'update-log-sources',
  'update-log-stats',
].map((name) => `test/api/${name}.test.ts`);

/** API test files that run on PostgreSQL only (they skip themselves elsewhere): no PGlite worker is spent on them. */
export const POSTGRES_ONLY_FILES: readonly string[] = ['customer-api-cursor', 'pg-idle-error', 'statement-timeout'].map((name) => `test/api/${name}.test.ts`);

/** API test files that run on PGlite only (they skip themselves elsewhere). */
export const PGLITE_ONLY_FILES: readonly string[] = ['customer-api-xid-order'].map((name) => `test/api/${name}.test.ts`);
