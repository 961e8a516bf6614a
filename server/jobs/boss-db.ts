/**
 * pg-boss 10 over vigie's own database (CONVENTIONS.md section 6): the `db` option of
 * pg-boss, `{ executeSql(text, values) }`, on the open database. Statements with values go through a
 * parameterised query; multi-statement text without values (pg-boss's migrations, its maintenance) goes
 * through the simple protocol (`exec` on PGlite, `query(text)` on node-postgres), and its last result is
 * the answer. pg-boss thus shares the pool (PostgreSQL) or the embedded instance (PGlite) of the app.
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/** The pg-boss schema (its tables: `pgboss.job`, `pgboss.queue`, ...). */
export const BOSS_SCHEMA = 'pgboss';

type Rows = { rows: unknown[] };
/**
 * The result of the last statement of a simple query: node-postgres answers an array of results when the text
 * holds several statements, though its types name one result.
 */
const last = (res: Rows | readonly Rows[]): Rows => (Array.isArray(res) ? (res[res.length - 1] ?? { rows: [] }) : (res as Rows));

/** The `db` adapter of pg-boss, which can also wait for the statements pg-boss has in flight. */
export interface BossDb extends PgBoss.Db {
  /** Resolves once no statement of pg-boss is running (pg-boss sends some without waiting for them). */
  settled(): Promise<void>;
  /** True when no statement of pg-boss is running. */
  idle(): boolean;
}

/** The `db` adapter pg-boss runs on for `database`. */
export function bossDb(database: Database): BossDb {
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(statement: Promise<T>): Promise<T> => {
    inFlight.add(statement);
    statement.then(
      () => inFlight.delete(statement),
      () => inFlight.delete(statement),
    );
    return statement;
  };
  const waiting = {
    async settled() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    idle: () => inFlight.size === 0,
  };
  if (database.kind === 'pglite') {
    const pglite = database.pglite!;
    return {
      ...waiting,
      executeSql(text, values) {
        if (values && values.length > 0) return track(pglite.query(text, values)) as never;
        return track(pglite.exec(text).then(last)) as never;
      },
    };
  }
  const pool = database.pool!;
  return {
    ...waiting,
    executeSql(text, values) {
      if (values && values.length > 0) return track(pool.query(text, values));
      return track(pool.query(text).then((res: Rows | readonly Rows[]) => last(res))) as never;
    },
  };
}

/**
 * Creates pg-boss's schema when it is missing (a step of server/bootstrap.ts `prepareDatabase`, so that test templates carry
 * it). pg-boss migrates an older schema of its own at start.
 */
export async function installBossSchema(database: Database): Promise<void> {
  const db = bossDb(database);
  const { rows } = await db.executeSql(`select to_regclass($1) as t`, [`${BOSS_SCHEMA}.version`]);
  if ((rows[0] as { t: string | null }).t) return;
  // The construction plan takes pg-boss's own advisory lock and runs in one transaction.
  await db.executeSql(PgBoss.getConstructionPlans(BOSS_SCHEMA), []);
}
