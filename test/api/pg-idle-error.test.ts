/**
 * An idle pool connection that PostgreSQL ends (a restart, `pg_terminate_backend`, a database dropped
 * with FORCE) must not crash the process: node-postgres emits the error on the pool, and an 'error' event
 * without a listener is thrown. Found by the clean-clone CI run ("terminating connection due to
 * administrator command", 57P01, as an unhandled error). The next query opens a new connection.
 * PostgreSQL only.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../helpers/db';

const onPg = process.env.VIGIE_TEST_DB === 'pg';

describe.runIf(onPg)('an idle connection ended by the server', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => database?.close());

  it('is dropped from the pool without an uncaught error, and the next query works', async () => {
    const pool = database.pool!;
    const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    expect(pool.idleCount).toBe(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
    } finally {
      await admin.end();
    }
    // The pool drops the ended client once its error arrives (without a listener, that error is thrown
    // out of the event loop: Vitest fails the run with it as an unhandled error).
    for (let i = 0; i < 100 && pool.idleCount > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(pool.idleCount).toBe(0);
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('has a listener of its own on the pool (none would crash the process)', () => {
    expect(database.pool!.listenerCount('error')).toBeGreaterThan(0);
  });
});
