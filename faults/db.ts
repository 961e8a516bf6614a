/**
 * The suite's own view of the database under fault: plain node-postgres clients (never the app's code), to create
 * a scenario's database, read what the app committed, and find its backends in `pg_stat_activity`.
 */
import crypto from 'node:crypto';
import pg from 'pg';

/** One short-lived client on `url`: runs `fn`, then closes. */
export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => {});
  }
}

/** The first column of the first row of `text` on `c`, as a number. */
export async function count(c: pg.Client, text: string, values: unknown[] = []): Promise<number> {
  const { rows } = await c.query(text, values);
  return Number(Object.values(rows[0] as Record<string, unknown>)[0] ?? 0);
}

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Creates an empty database named `faults_<label>_<random>` on the server of `adminUrl`.
 * @returns its name and URL
 */
export async function createDatabase(adminUrl: string, label: string): Promise<{ name: string; url: string }> {
  const name = `faults_${label}_${crypto.randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (c) => c.query(`create database ${name}`));
  return { name, url: databaseUrl(adminUrl, name) };
}

/** Drops database `name` (its connections ended first). Never throws. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => {});
}

/** Polls `check` every `everyMs` (default 100) until it answers true or `ms` passed. @returns whether it held */
export async function until(check: () => Promise<boolean>, ms: number, everyMs = 100): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; ) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return check();
}

/**
 * Waits until no connection opened before `since` remains on database `name`: those of a killed process end once
 * PostgreSQL notices the closed socket (at once when idle, after the statement when busy; its transaction then
 * rolls back). Reading the committed state before that could miss a COMMIT the killed process had already sent.
 * @returns seconds waited
 * @throws Error after `ms` (default 120 s)
 */
export async function waitForOrphans(adminUrl: string, name: string, since: Date, ms = 120_000): Promise<number> {
  const t0 = Date.now();
  const gone = await withClient(adminUrl, (c) =>
    until(async () => (await count(c, 'select count(*) from pg_stat_activity where datname = $1 and backend_start < $2 and pid <> pg_backend_pid()', [name, since])) === 0, ms, 50),
  );
  if (!gone) throw new Error(`connections of the killed process still open on ${name} after ${ms} ms`);
  return (Date.now() - t0) / 1000;
}
