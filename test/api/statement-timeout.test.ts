/**
 * Query time limit on PostgreSQL: every pool connection runs with
 * `statement_timeout` = DB_STATEMENT_TIMEOUT_MS (default 5000); a query cancelled by it answers 503 with a
 * French message at once instead of holding a connection; migrations are not limited. PGlite (one
 * connection, no timer) relies on the bounded deep-page reads instead: this file only runs on PostgreSQL.
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { prepareDatabase } from '../../server/bootstrap';
import { ADVISORY_LOCKS } from '../../server/db/locks';
import { createTestApp, type TestApp } from '../helpers/app';
import { rowsOf } from '../../server/db/rows';

const onPg = process.env.VIGIE_TEST_DB === 'pg';
const TOO_SLOW = 'Le serveur n’a pas pu répondre à temps. Réessayez dans un instant, ou affinez la recherche.';

describe.runIf(onPg)('statement_timeout on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('every pool connection runs with the default 5 s', async () => {
    // 12 queries at once take more than one of the pool's connections.
    const rows = await Promise.all(
      Array.from({ length: 12 }, async () => (await t.ctx.database.pool!.query(`select current_setting('statement_timeout') as v, pg_backend_pid() as pid, pg_sleep(0.05)`)).rows[0]),
    );
    expect(new Set(rows.map((r) => r.pid)).size).toBeGreaterThan(1);
    expect(new Set(rows.map((r) => r.v))).toEqual(new Set(['5s']));
    const [viaDrizzle] = await rowsOf<{ statement_timeout: string }>(t.ctx.db, sql`show statement_timeout`);
    expect(viaDrizzle.statement_timeout).toBe('5s');
  });
});

describe.runIf(onPg)('a query over DB_STATEMENT_TIMEOUT_MS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '300' });
  });
  afterAll(async () => t?.close());

  it('is cancelled (SQLSTATE 57014)', async () => {
    const t0 = performance.now();
    const err = await t.ctx.db.execute(sql`select pg_sleep(3)`).catch((e: unknown) => e);
    expect(performance.now() - t0).toBeLessThan(2500);
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    expect(code).toBe('57014');
  });

  it('answers 503 in French at once, and the connection serves the next call', async () => {
    const root = await t.superAdmin();
    // Another session holds a lock on the customers table: the list waits for it, until the time limit.
    const locker = new pg.Client({ connectionString: t.ctx.database.pool!.options.connectionString });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table api_customers in access exclusive mode');
      const t0 = performance.now();
      const res = await root.get('/api/customers/all');
      expect(performance.now() - t0).toBeLessThan(2500);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: TOO_SLOW });
      expect(res.headers['cache-control']).toBe('no-store');
      await locker.query('commit');
    } finally {
      await locker.end();
    }
    expect((await root.get('/api/customers/all')).statusCode).toBe(200);
  });

  it('does not limit migrations (their advisory lock may wait for another process)', async () => {
    const url = t.ctx.database.pool!.options.connectionString!;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const database = await openDatabase({ databaseUrl: url, statementTimeoutMs: 50 });
    try {
      await other.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
      const migrating = prepareDatabase(database);
      await new Promise((r) => setTimeout(r, 400));
      await other.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]);
      await expect(migrating).resolves.toBeUndefined();
      // The connection is back to the limit afterwards.
      expect((await database.pool!.query('show statement_timeout')).rows[0].statement_timeout).toBe('50ms');
    } finally {
      await other.end();
      await database.close();
    }
  });
});
