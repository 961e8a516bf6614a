/**
 * Online indexes (server/db/online-indexes.ts): the files of a folder, applied in name
 * order by `prepareDatabase` (server/bootstrap.ts) after the migrations; on PostgreSQL built concurrently outside any transaction,
 * so that writes go on during the build, once when two processes start at once, with no statement timeout,
 * and an INVALID index left by a failed build dropped and rebuilt. On PGlite, plain `CREATE INDEX`.
 * The index files are written by the test into temporary folders, on a table of its own: nothing fake ships.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/client';
import { prepareDatabase } from '../../server/bootstrap';
import { applyOnlineIndexes, readOnlineIndexes } from '../../server/db/online-indexes';
import { freshDatabase } from '../helpers/db';

const onPg = process.env.VIGIE_TEST_DB === 'pg';
let database: Database & { url?: string };
const folders: string[] = [];

/** A temporary folder holding `files` (name -> SQL text). */
function folderWith(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-online-indexes-'));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  return dir;
}

/** Runs one statement on the test database (PGlite or a pool connection). */
async function query<T>(text: string, params: unknown[] = []): Promise<T[]> {
  if (database.kind === 'pglite') return (await database.pglite!.query<T>(text, params)).rows;
  return (await database.pool!.query(text, params)).rows as T[];
}

/** `missing`, `valid` or `invalid`, from the catalog. */
async function state(name: string): Promise<string> {
  const rows = await query<{ valid: boolean }>(
    'select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = $1',
    [name],
  );
  return rows.length === 0 ? 'missing' : rows[0].valid ? 'valid' : 'invalid';
}

const create = (name: string, on: string, unique = false) =>
  `-- test index\nCREATE ${unique ? 'UNIQUE ' : ''}INDEX CONCURRENTLY IF NOT EXISTS ${name} ON ${on};\n`;

beforeAll(async () => {
  database = await freshDatabase();
  await query('create table online_probe (id serial primary key, v int not null, w text not null, u int)');
  await query(`insert into online_probe (v, w, u) select g % 97, md5(g::text), g from generate_series(1, 2000) g`);
});

afterAll(async () => {
  await database?.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('readOnlineIndexes', () => {
  it('reads the .sql files in name order, comments and the final semicolon removed', () => {
    const dir = folderWith({
      '0002_b.sql': create('online_probe_a_idx', 'online_probe (v)'),
      '0001_a.sql': create('online_probe_z_idx', 'online_probe (w)', true),
      'README.md': 'not an index',
    });
    expect(readOnlineIndexes(dir)).toEqual([
      { file: '0001_a.sql', name: 'online_probe_z_idx', statement: 'CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS online_probe_z_idx ON online_probe (w)' },
      { file: '0002_b.sql', name: 'online_probe_a_idx', statement: 'CREATE INDEX CONCURRENTLY IF NOT EXISTS online_probe_a_idx ON online_probe (v)' },
    ]);
    expect(readOnlineIndexes(path.join(dir, 'missing'))).toEqual([]);
  });

  it('refuses a file that is not one concurrent, idempotent CREATE INDEX, naming the file', () => {
    for (const text of [
      'CREATE INDEX IF NOT EXISTS x_idx ON online_probe (v);',
      'CREATE INDEX CONCURRENTLY x_idx ON online_probe (v);',
      'CREATE INDEX CONCURRENTLY IF NOT EXISTS x_idx ON online_probe (v); DROP TABLE admins;',
      'DROP INDEX x_idx;',
      '-- only a comment',
    ]) {
      expect(() => readOnlineIndexes(folderWith({ '0001_bad.sql': text })), text).toThrow(/0001_bad\.sql/);
    }
    const twice = folderWith({ '0001_a.sql': create('x_idx', 'online_probe (v)'), '0002_b.sql': create('x_idx', 'online_probe (w)') });
    expect(() => readOnlineIndexes(twice)).toThrow(/0002_b\.sql.*x_idx/);
  });
});

describe('applyOnlineIndexes', () => {
  it('builds the files through prepareDatabase, then in name order, and skips a valid index', async () => {
    await prepareDatabase(database, { onlineIndexesFolder: folderWith({ '0001_v.sql': create('online_probe_v_idx', 'online_probe (v)') }) });
    expect(await state('online_probe_v_idx')).toBe('valid');

    const dir = folderWith({
      '0001_v.sql': create('online_probe_v_idx', 'online_probe (v)'),
      '0002_z.sql': create('online_probe_z_idx', 'online_probe (w, v)'),
      '0003_a.sql': create('online_probe_a_idx', 'online_probe (v, w)'),
    });
    expect(await applyOnlineIndexes(database, dir)).toEqual(['online_probe_z_idx', 'online_probe_a_idx']);
    expect([await state('online_probe_z_idx'), await state('online_probe_a_idx')]).toEqual(['valid', 'valid']);
    expect(await applyOnlineIndexes(database, dir)).toEqual([]);
  });

  it('drops and rebuilds an INVALID index left by a failed build', async () => {
    const file = create('online_probe_u_key', 'online_probe (u)', true);
    if (onPg) {
      // A concurrent unique build that meets a duplicate fails and leaves its index INVALID, as a killed build does.
      await query('update online_probe set u = 1 where id = 2');
      await expect(query(file.replace('-- test index\n', ''))).rejects.toThrow(/duplicate|unique/i);
      await query('update online_probe set u = id where id = 2');
    } else {
      // PGlite builds atomically; a copied database may still hold an INVALID index: simulate one.
      await query('create unique index online_probe_u_key on online_probe (u)');
      await query(`update pg_index set indisvalid = false where indexrelid = 'online_probe_u_key'::regclass`);
    }
    expect(await state('online_probe_u_key')).toBe('invalid');

    expect(await applyOnlineIndexes(database, folderWith({ '0001_u.sql': file }))).toEqual(['online_probe_u_key']);
    expect(await state('online_probe_u_key')).toBe('valid');
    await expect(query('insert into online_probe (v, w, u) values (1, $1, 1)', ['dup'])).rejects.toThrow(/duplicate|unique/i);
  });
});

// PostgreSQL only: PGlite is one process on one connection, and builds in one atomic statement.
if (onPg) {
  describe('applyOnlineIndexes on PostgreSQL', () => {
    it('lets writes through while the index is being built', async () => {
      // An open writing transaction makes the build wait; meanwhile other sessions must still write.
      const writer = await database.pool!.connect();
      const other = await database.pool!.connect();
      try {
        await writer.query('begin');
        await writer.query(`insert into online_probe (v, w) values (1, 'open transaction')`);
        const build = applyOnlineIndexes(database, folderWith({ '0001_w.sql': create('online_probe_w_idx', 'online_probe (w)') }));
        await expect
          .poll(
            async () =>
              (
                await other.query(`select count(*)::int as n from pg_stat_activity
                  where datname = current_database() and query ilike 'create index%online_probe_w_idx%' and wait_event_type = 'Lock'`)
              ).rows[0].n,
            { timeout: 10_000 },
          )
          .toBe(1);
        // A plain CREATE INDEX would queue a SHARE lock here and every write would wait behind it.
        await other.query(`set lock_timeout = '2s'`);
        await other.query(`insert into online_probe (v, w) values (2, 'during the build')`);
        await other.query(`update online_probe set v = v + 1 where id = 1`);
        await other.query(`delete from online_probe where w = 'during the build'`);
        await writer.query('commit');
        expect(await build).toEqual(['online_probe_w_idx']);
        expect(await state('online_probe_w_idx')).toBe('valid');
      } finally {
        await writer.query('rollback').catch(() => undefined);
        await other.query('reset lock_timeout');
        writer.release();
        other.release();
      }
    });

    it('builds each index once when two processes start at once', async () => {
      const second = await openDatabase({ databaseUrl: database.url });
      try {
        const dir = folderWith({
          '0001_c1.sql': create('online_probe_c1_idx', 'online_probe (w, id)'),
          '0002_c2.sql': create('online_probe_c2_idx', 'online_probe (v, id)'),
        });
        const [a, b] = await Promise.all([applyOnlineIndexes(database, dir), applyOnlineIndexes(second, dir)]);
        expect([...a, ...b].sort()).toEqual(['online_probe_c1_idx', 'online_probe_c2_idx']);
        expect([await state('online_probe_c1_idx'), await state('online_probe_c2_idx')]).toEqual(['valid', 'valid']);
      } finally {
        await second.close();
      }
    });

    it('builds with no statement timeout, whatever the connections default to', async () => {
      // An index whose build takes about 1 s (an expression that sleeps 1 ms per row), on connections limited to
      // 200 ms: by the database's default and by the pool's own setting (DB_STATEMENT_TIMEOUT_MS), which wins.
      await query(`create function online_probe_slow(int) returns int language sql immutable as 'select $1 from pg_sleep(0.001)'`);
      const name = new URL(database.url!).pathname.slice(1);
      await query(`alter database ${name} set statement_timeout = '200ms'`);
      const limited = await openDatabase({ databaseUrl: database.url, statementTimeoutMs: 200 });
      try {
        await expect(limited.pool!.query('select pg_sleep(0.5)')).rejects.toThrow(/statement timeout/);
        const dir = folderWith({ '0001_slow.sql': create('online_probe_slow_idx', 'online_probe (online_probe_slow(v)) where id <= 1000') });
        expect(await applyOnlineIndexes(limited, dir)).toEqual(['online_probe_slow_idx']);
        expect(await state('online_probe_slow_idx')).toBe('valid');
        // The connection goes back to the pool with its default timeout.
        await expect(limited.pool!.query('select pg_sleep(0.5)')).rejects.toThrow(/statement timeout/);
      } finally {
        await limited.close();
        await query(`alter database ${name} reset statement_timeout`);
      }
    });
  });
}
