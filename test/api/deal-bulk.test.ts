/**
 * Bulk actions of the deals list (`POST /api/transactions/bulk/{activate|deactivate|delete}`, contract/bulk.ts):
 * the deals of the ticked rows (entity rows: a deal with two entities counts once), or of every row of a search
 * minus the unticked ones; a status change bumps the deal's revision as the one-deal toggle does; a delete takes
 * the entities and keeps `deal_entity_counts` right; an unknown action or an empty body is a French 422; 100,000
 * rows deleted in one transaction.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createDeal, dealIdentifier, readDeal } from '../helpers/deals';
import { validSiren } from '../helpers/sirens';

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

type Row = { id: number; deal_id: number };

async function rowsOfSearch(search: string): Promise<Row[]> {
  const res = await root.post('/api/transactions/filter?page=1', { search, pagination: { per_page: 200 } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Row[] }).data;
}

const bulk = (action: string, body: Record<string, unknown>) => root.post(`/api/transactions/bulk/${action}`, body);

async function entityCounter(): Promise<{ rows: number; counter: number }> {
  const [row] = await rowsOf<{ rows: number; counter: number }>(t.ctx.db, sql`select (select count(*)::int from deal_entities) as rows, (select rows::int from deal_entity_counts where id = 1) as counter`);
  return { rows: Number(row.rows), counter: Number(row.counter) };
}

describe('deals list bulk actions', () => {
  it('deactivates and activates the deals of the ticked rows, once per deal, bumping their revision', async () => {
    const name = `Groupe lot ${dealIdentifier('B')}`;
    const two = await createDeal(root, {
      entities: [
        { siren: validSiren(1, 62_000_000), name: `${name} A`, entityrole_id: 0, stake_percent: 10 },
        { siren: validSiren(2, 62_000_000), name: `${name} B`, entityrole_id: 0, stake_percent: 20 },
      ],
    });
    const one = await createDeal(root, { entities: [{ siren: validSiren(3, 62_000_000), name: `${name} C`, entityrole_id: 0, stake_percent: 30 }] });
    const rows = await rowsOfSearch(name);
    expect(rows).toHaveLength(3);

    const off = await bulk('deactivate', { ids: rows.map((r) => r.id) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ count: 2, message: '2 transactions désactivées.' });
    expect((await readDeal(root, two.id)).status).toBe(0);
    expect((await readDeal(root, two.id)).revision).toBe(two.revision + 1);
    // Already inactive: nothing changes, nothing counted.
    expect((await bulk('deactivate', { ids: [rows[0].id] })).json()).toEqual({ count: 0, message: 'Aucune transaction modifiée.' });

    const on = await bulk('activate', { all: true, search: name, except: rows.filter((r) => r.deal_id === one.id).map((r) => r.id) });
    expect(on.json()).toEqual({ count: 1, message: '1 transaction activée.' });
    expect([(await readDeal(root, two.id)).status, (await readDeal(root, one.id)).status]).toEqual([1, 0]);
  });

  it('deletes the deals of a search with their entities; refuses an unknown action or an empty body', async () => {
    const name = `Effacement lot ${dealIdentifier('E')}`;
    await createDeal(root, { entities: [{ siren: validSiren(4, 62_000_000), name: `${name} A`, entityrole_id: 0, stake_percent: 1 }] });
    await createDeal(root, { entities: [{ siren: validSiren(5, 62_000_000), name: `${name} B`, entityrole_id: 0, stake_percent: 1 }] });
    const before = await entityCounter();
    const res = await bulk('delete', { all: true, search: name });
    expect(res.json()).toEqual({ count: 2, message: '2 transactions effacées.' });
    expect(await rowsOfSearch(name)).toEqual([]);
    expect(await entityCounter()).toEqual({ rows: before.rows - 2, counter: before.counter - 2 });

    const unknown = await bulk('archive', { ids: [1] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.action).toEqual(['Action inconnue.']);
    const empty = await bulk('delete', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.ids).toEqual(['Aucune ligne sélectionnée.']);
  });

  it('deletes 100,000 deals in one transaction: a failure midway leaves them all, then all go', async () => {
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`insert into deals (deal_identifier, deal_date, amount, currency, status)
        select 'MASSE-' || g, date '2026-01-01', 1000, 'EUR', 1 from generate_series(1, 100000) g`);
      await tx.execute(sql`insert into deal_entities (deal_id, position, siren, name, deal_identifier, deal_date, amount, currency)
        select d.id, 0, null, 'Masse lot ' || d.deal_identifier, d.deal_identifier, d.deal_date, d.amount, d.currency from deals d where d.deal_identifier like 'MASSE-%'`);
    });
    const count = async () => Number((await rowsOf<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from deals where deal_identifier like 'MASSE-%'`))[0].n);
    expect(await count()).toBe(100_000);
    await t.ctx.db.execute(sql.raw(`create function masse_block() returns trigger language plpgsql as $$ begin
      if old.deal_identifier = 'MASSE-70000' then raise exception 'blocked'; end if; return old; end $$`));
    await t.ctx.db.execute(sql`create trigger masse_block before delete on deals for each row execute function masse_block()`);
    expect((await bulk('delete', { all: true, search: 'Masse lot' })).statusCode).toBe(500);
    expect(await count()).toBe(100_000);
    await t.ctx.db.execute(sql`drop trigger masse_block on deals`);

    const before = await entityCounter();
    const res = await bulk('delete', { all: true, search: 'Masse lot' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 100_000, message: '100\u202f000 transactions effacées.' });
    expect(await count()).toBe(0);
    expect(await entityCounter()).toEqual({ rows: before.rows - 100_000, counter: before.counter - 100_000 });
  }, 240_000);
});
