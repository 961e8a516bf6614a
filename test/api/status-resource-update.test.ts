/**
 * The update of a status resource (server/lib/status-resource.ts) is one transaction with the row locked: the read of
 * the current row, the write and the hooks (`values`, `onDisabled`, `after`) commit together or not at all, and two
 * updates of one record run one after the other, the second seeing what the first wrote. Checked on a resource
 * declared over the groups table, with hooks that throw or wait.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { groupBody, groupUpdateBody } from '../../contract/groups';
import type { Database } from '../../server/db/client';
import { groups } from '../../server/db/schema';
import { defineStatusResource, type StatusResourceSpec } from '../../server/lib/status-resource';
import { freshDatabase } from '../helpers/db';

const onPg = process.env.VIGIE_TEST_DB === 'pg';
const actor = { id: 1 };
type GroupRow = typeof groups.$inferSelect;
const response = z.object({ id: z.number(), name: z.string() });

/** A status resource over `groups`, with the update hooks given. */
function groupsWith(update: Partial<StatusResourceSpec<typeof groups, GroupRow, typeof groupBody, typeof groupUpdateBody, z.output<typeof response>>['update']>, onDisabled?: () => Promise<void>) {
  return defineStatusResource({
    table: groups,
    notFound: 'Group does not exist!',
    response,
    toResponse: (row: GroupRow) => ({ id: row.id, name: row.name }),
    http: { tag: 'Groupes' },
    store: { body: groupBody, values: (_db, input) => input },
    update: { body: groupUpdateBody, values: (_db, input) => ({ name: input.name }), ...update },
    onDisabled,
  });
}

describe('status resource update', () => {
  let database: Database & { url?: string };
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  async function newGroup(name: string): Promise<GroupRow> {
    const [row] = await database.db.insert(groups).values({ name, status: 1 }).returning();
    return row;
  }
  async function current(id: number): Promise<GroupRow> {
    const [row] = await database.db.select().from(groups).where(eq(groups.id, id));
    return row;
  }

  it('leaves the row unchanged when the after hook throws', async () => {
    const group = await newGroup('Avant');
    const resource = groupsWith({
      after: async () => {
        throw new Error('after hook failed');
      },
    });
    await expect(resource.update(database.db, group.id, { name: 'Après', status: undefined }, actor)).rejects.toThrow('after hook failed');
    expect(await current(group.id)).toEqual(group);
  });

  it('leaves the record active when the hook run on disabling throws', async () => {
    const group = await newGroup('Actif');
    const resource = groupsWith({}, async () => {
      throw new Error('onDisabled failed');
    });
    await expect(resource.update(database.db, group.id, { name: 'Désactivé', status: 0 }, actor)).rejects.toThrow('onDisabled failed');
    expect(await current(group.id)).toEqual(group);
  });

  it('a toggle that disables leaves the record active when the hook run on disabling throws', async () => {
    const group = await newGroup('Actif par bascule');
    const resource = groupsWith({}, async () => {
      throw new Error('onDisabled failed');
    });
    await expect(resource.toggle(database.db, group.id, actor)).rejects.toThrow('onDisabled failed');
    expect(await current(group.id)).toEqual(group);
  });

  it('undoes what a hook wrote when a later hook throws', async () => {
    const group = await newGroup('Source');
    const resource = groupsWith({
      values: async (db, input) => {
        await db.insert(groups).values({ name: `${input.name} (copie)` });
        return { name: input.name };
      },
      after: async () => {
        throw new Error('after hook failed');
      },
    });
    await expect(resource.update(database.db, group.id, { name: 'Cible', status: undefined }, actor)).rejects.toThrow('after hook failed');
    expect(await database.db.select().from(groups).where(eq(groups.name, 'Cible (copie)'))).toEqual([]);
  });

  it.runIf(onPg)('runs two updates of one record one after the other, the second seeing the first', async () => {
    const group = await newGroup('Initial');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: Record<string, string> = {};
    const resource = groupsWith({
      values: async (_db, input, row) => {
        seen[input.name] = row.name;
        if (input.name === 'Premier') await gate;
        return { name: input.name };
      },
    });
    const first = resource.update(database.db, group.id, { name: 'Premier', status: undefined }, actor);
    let second: Promise<GroupRow> | undefined;
    const probe = new pg.Client({ connectionString: database.url });
    await probe.connect();
    try {
      await vi.waitFor(() => expect(seen.Premier).toBe('Initial'));
      second = resource.update(database.db, group.id, { name: 'Second', status: undefined }, actor);
      // The second update either reads the row at once (no lock) or waits for the first's row lock.
      await vi.waitFor(
        async () => {
          if (seen.Second !== undefined) return;
          const { rows } = await probe.query('select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()');
          expect(rows.length).toBeGreaterThan(0);
        },
        { timeout: 5000, interval: 20 },
      );
      expect(seen.Second, 'the second update read the row while the first held it').toBeUndefined();
    } finally {
      release();
      await probe.end();
      await Promise.allSettled([first, second]);
    }
    await first;
    expect((await second!).name).toBe('Second');
    expect(seen.Second).toBe('Premier');
  });
});
