/**
 * Vitest global setup of the `api-pg` project: builds the migrated template database once (with the
 * nomenclatures' labels, as a started server writes them), and removes test databases left by an interrupted
 * earlier run.
 */
import pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { prepareDatabase } from '../../server/bootstrap';
import { ensureNomenclatures } from '../../server/modules/register/nomenclatures';
import { PG_PREFIX, TEMPLATE_DB, withDatabase } from './db';

/** Drops leftover test databases, then creates and migrates the template. */
export default async function setup(): Promise<void> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is required for the api-pg project');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like $1`, [`${PG_PREFIX}\\_t\\_%`]);
    for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: withDatabase(base, TEMPLATE_DB) });
  await prepareDatabase(database);
  await ensureNomenclatures(database.db);
  await database.close();
}
