/**
 * The PostgreSQL database a bench or load run fills: created when missing, on the server of its URL (through its
 * `postgres` database), never dropped.
 */
import pg from 'pg';

/**
 * Creates the database named by `url` (e.g. `postgres://postgres@127.0.0.1:5432/vigie_bench`) when it does not exist.
 * @throws the server's error when it cannot be reached or the database cannot be created
 */
export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  try {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await c.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await c.end();
  }
}
