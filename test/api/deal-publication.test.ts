/**
 * Publication of the deals (`GET /api/transactions/insert`, `purge`, `stats`; SPEC sections 4, 7, 8): insert publishes every active deal new or changed since its last publication as one
 * numbered batch (snapshot with type, role and country names), withdraws the published deals since deactivated,
 * deleted or renamed, and answers the count; purge undoes exactly the last batch, then the one before, restoring
 * every earlier state (snapshots, batches, dates, the deals' published revision); stats c1/c2 at each step; 0 when
 * nothing is to be done. Deals are written by SQL, as the deals service stores them (each change bumps `revision`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedDealSnapshot } from '../../contract/deal-lists';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createDeal as storeDeal, createRole, payloadOf, readDeal } from '../helpers/deals';
import { validSiren } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

type Named = { id: number; name: string };
type Published = { deal_identifier: string; deal_id: number | null; revision: number; batch_id: number; snapshot: PublishedDealSnapshot; published_at: string };
type State = {
  published: Published[];
  deals: Array<{ id: number; published_revision: number | null }>;
  batches: Array<{ id: number; deals: number; published_total: number }>;
  stats: { c1: number; c2: number };
};

let t: TestApp;
let root: Client;
let acquirer: Named & { display_name: string };
let acquisition: Named;
let lbo: Named;
let france: { id: number; name: string };
let germany: { id: number; name: string };

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, q);
}

async function country(iso: string, name: string): Promise<{ id: number; name: string }> {
  await t.ctx.db.execute(sql`insert into countries (iso_alpha2, name_fr) values (${iso}, ${name}) on conflict (iso_alpha2) do nothing`);
  return (await rows<{ id: number; name: string }>(sql`select id, name_fr as name from countries where iso_alpha2 = ${iso}`))[0];
}

/** Inserts a deal with two entities, as the deals service stores it (revision 1, never published). */
async function createDeal(identifier: string, amount = '1000.00'): Promise<number> {
  const [{ id }] = await rows<{ id: number }>(sql`insert into deals (deal_identifier, deal_date, deal_type1_id, amount, currency, description, url, source,
      french_investment_abroad, foreign_investment_in_france, buyer1_name, buyer1_country_id, buyer2_name, seller_name, seller_country_id)
    values (${identifier}, '2024-05-02', ${acquisition.id}, ${amount}, 'EUR', 'Rachat', 'https://example.com/deal', 'Presse', 2, 1,
      'Buyer One', ${france.id}, 'Buyer Two', 'Seller', ${germany.id}) returning id::int as id`);
  await t.ctx.db.execute(sql`insert into deal_entities (deal_id, position, siren, name, role_id, stake_percent, deal_identifier, deal_date, role_name, type1_name, amount, currency)
    values (${id}, 0, ${validSiren(id)}, 'Alpha', ${acquirer.id}, '60.00', ${identifier}, '2024-05-02', ${acquirer.name}, ${acquisition.name}, ${amount}, 'EUR'),
           (${id}, 1, null, 'Beta', null, null, ${identifier}, '2024-05-02', null, ${acquisition.name}, ${amount}, 'EUR')`);
  return id;
}

/** A change of the deal as the deals service makes it: new values, revision + 1. */
async function changeDeal(id: number, set: ReturnType<typeof sql>): Promise<void> {
  await t.ctx.db.execute(sql`update deals set ${set}, revision = revision + 1, updated_at = now() where id = ${id}`);
}

async function get(url: string): Promise<unknown> {
  const res = await root.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const insert = () => get('/api/transactions/insert') as Promise<number>;
const purge = () => get('/api/transactions/purge') as Promise<number>;
const stats = () => get('/api/transactions/stats') as Promise<{ c1: number; c2: number }>;

/** The rollups behind stats equal counts of the tables themselves. */
async function expectCountersExact(): Promise<void> {
  const [c] = await rows<{ kept: number; waiting: number; total: number; published: number }>(sql`select
    (select waiting::int from deal_publication_counts) as kept,
    (select count(*)::int from deals where (status = 1 and published_revision is distinct from revision) or (status <> 1 and published_revision is not null)) as waiting,
    coalesce((select published_total from deal_publish_batches order by id desc limit 1), 0) as total,
    (select count(*)::int from published_deals) as published`);
  expect(c.kept).toBe(c.waiting);
  expect(c.total).toBe(c.published);
}

/** Everything publication touches, with the stats (and the rollups checked). */
async function state(): Promise<State> {
  await expectCountersExact();
  return {
    published: await rows<Published>(sql`select deal_identifier, deal_id::int as deal_id, revision, batch_id, snapshot,
      to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as published_at from published_deals order by deal_identifier`),
    deals: await rows(sql`select id::int as id, published_revision from deals order by id`),
    batches: await rows(sql`select id, deals, published_total from deal_publish_batches order by id`),
    stats: await stats(),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  [acquirer] = await rows<Named & { display_name: string }>(sql`insert into deal_roles (name, display_name) values ('Acquéreur', 'Acquéreur principal') returning id, name, display_name`);
  [acquisition] = await rows<Named>(sql`insert into deal_types (name) values ('Acquisition') returning id, name`);
  [lbo] = await rows<Named>(sql`insert into deal_types (name) values ('LBO') returning id, name`);
  france = await country('FR', 'France');
  germany = await country('DE', 'Allemagne');
});
afterAll(async () => t?.close());

describe('with nothing to publish', () => {
  it('answers 0 to insert and purge, writes no batch, and stats are 0 and 0', async () => {
    expect(await stats()).toEqual({ c1: 0, c2: 0 });
    const res = await root.get('/api/transactions/insert');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('0'); // a bare number, as the spec's "return the number processed"
    expect(await purge()).toBe(0);
    expect((await state()).batches).toEqual([]);
  });

  it('needs a session', async () => {
    for (const url of ['/api/transactions/insert', '/api/transactions/purge', '/api/transactions/stats']) {
      expect((await t.anon().get(url)).statusCode).toBe(401);
    }
  });
});

describe('insert, then purge back to each earlier state', () => {
  const ids: Record<string, number> = {};
  const states: State[] = [];

  it('batch 1 publishes the three new deals with their snapshots', async () => {
    states.push(await state()); // S0: nothing published
    ids.A = await createDeal('PUB-A', '1500000.50');
    ids.B = await createDeal('PUB-B');
    ids.C = await createDeal('PUB-C');
    expect(await stats()).toEqual({ c1: 3, c2: 0 });
    expect(await insert()).toBe(3);
    const s1 = await state();
    expect(s1.stats).toEqual({ c1: 0, c2: 3 });
    expect(s1.batches).toEqual([{ id: expect.any(Number), deals: 3, published_total: 3 }]);
    expect(s1.published.map((p) => [p.deal_identifier, p.deal_id, p.revision, p.batch_id])).toEqual([
      ['PUB-A', ids.A, 1, s1.batches[0].id],
      ['PUB-B', ids.B, 1, s1.batches[0].id],
      ['PUB-C', ids.C, 1, s1.batches[0].id],
    ]);
    expect(s1.deals).toEqual([ids.A, ids.B, ids.C].map((id) => ({ id, published_revision: 1 })));
    expect(s1.published[0].snapshot).toEqual({
      id: ids.A,
      deal_identifier: 'PUB-A',
      revision: 1,
      deal_date: '2024-05-02',
      type1: { id: acquisition.id, name: 'Acquisition' },
      type2: null,
      amount: 1500000.5,
      currency: 'EUR',
      description: 'Rachat',
      url: 'https://example.com/deal',
      source: 'Presse',
      french_investment_abroad: 2,
      foreign_investment_in_france: 1,
      buyers: [
        { name: 'Buyer One', country: { id: france.id, iso_alpha2: 'FR', name: france.name } },
        { name: 'Buyer Two', country: null },
      ],
      targets: [],
      seller: { name: 'Seller', country: { id: germany.id, iso_alpha2: 'DE', name: germany.name } },
      entities: [
        { siren: validSiren(ids.A), name: 'Alpha', stake_percent: 60, role: { id: acquirer.id, name: 'Acquéreur', display_name: 'Acquéreur principal' } },
        { siren: null, name: 'Beta', stake_percent: null, role: null },
      ],
    });
    states.push(s1);
  });

  it('a second insert with nothing changed answers 0 and writes no batch', async () => {
    expect(await insert()).toBe(0);
    expect(await state()).toEqual(states[1]);
  });

  it('batch 2 republishes a changed deal, publishes a new one, withdraws a deactivated and a deleted one', async () => {
    await changeDeal(ids.A, sql`amount = 2000000, deal_type2_id = ${lbo.id}`);
    ids.D = await createDeal('PUB-D');
    await changeDeal(ids.B, sql`status = 0`);
    await t.ctx.db.execute(sql`delete from deals where id = ${ids.C}`);
    expect(await stats()).toEqual({ c1: 4, c2: 3 });
    expect(await insert()).toBe(4);
    const s2 = await state();
    const [b1, b2] = s2.batches;
    expect(s2.batches).toEqual([states[1].batches[0], { id: b2.id, deals: 4, published_total: 2 }]);
    expect(b2.id).toBeGreaterThan(b1.id);
    expect(s2.stats).toEqual({ c1: 0, c2: 2 });
    expect(s2.published.map((p) => [p.deal_identifier, p.deal_id, p.revision, p.batch_id])).toEqual([
      ['PUB-A', ids.A, 2, b2.id],
      ['PUB-D', ids.D, 1, b2.id],
    ]);
    expect(s2.published[0].snapshot).toMatchObject({ revision: 2, amount: 2000000, type2: { id: lbo.id, name: 'LBO' } });
    expect(s2.deals).toEqual([
      { id: ids.A, published_revision: 2 },
      { id: ids.B, published_revision: null }, // withdrawn: a reactivation publishes it again
      { id: ids.D, published_revision: 1 },
    ]);
    states.push(s2);
  });

  it('batch 3 publishes a renamed deal under its new identifier and withdraws the old one (one deal)', async () => {
    await changeDeal(ids.D, sql`deal_identifier = 'PUB-D2'`);
    await t.ctx.db.execute(sql`update deal_entities set deal_identifier = 'PUB-D2' where deal_id = ${ids.D}`);
    expect(await stats()).toEqual({ c1: 1, c2: 2 });
    expect(await insert()).toBe(1);
    const s3 = await state();
    expect(s3.stats).toEqual({ c1: 0, c2: 2 });
    expect(s3.published.map((p) => [p.deal_identifier, p.deal_id, p.revision])).toEqual([
      ['PUB-A', ids.A, 2],
      ['PUB-D2', ids.D, 2],
    ]);
    expect(s3.batches.at(-1)).toMatchObject({ deals: 1, published_total: 2 });
    states.push(s3);
  });

  it('purge undoes batch 3: back to the state after batch 2', async () => {
    expect(await purge()).toBe(1);
    const s = await state();
    expect({ ...s, stats: undefined }).toEqual({ ...states[2], stats: undefined });
    expect(s.stats).toEqual({ c1: 1, c2: 2 }); // the renamed deal waits again
  });

  it('purge undoes batch 2: back to the state after batch 1, the deleted deal’s snapshot without its deal', async () => {
    expect(await purge()).toBe(4);
    const s = await state();
    const expected = states[1].published.map((p) => (p.deal_id === ids.C ? { ...p, deal_id: null } : p));
    expect(s.published).toEqual(expected);
    expect(s.batches).toEqual(states[1].batches);
    expect(s.deals).toEqual(states[1].deals.filter((d) => d.id !== ids.C).concat([{ id: ids.D, published_revision: null }]));
    // Waiting: A changed, D2 new, B deactivated (published again), C deleted (published again).
    expect(s.stats).toEqual({ c1: 4, c2: 3 });
  });

  it('purge undoes batch 1: nothing published, every deal waiting; then 0', async () => {
    expect(await purge()).toBe(3);
    const s = await state();
    expect(s.published).toEqual([]);
    expect(s.batches).toEqual([]);
    expect(s.deals.every((d) => d.published_revision === null)).toBe(true);
    expect(s.stats).toEqual({ c1: 2, c2: 0 }); // A and D2 (B is inactive, C deleted)
    expect(await purge()).toBe(0);
  });

  it('insert after the purges publishes the waiting deals again, in a new batch', async () => {
    expect(await insert()).toBe(2);
    const s = await state();
    expect(s.published.map((p) => [p.deal_identifier, p.deal_id, p.revision])).toEqual([
      ['PUB-A', ids.A, 2],
      ['PUB-D2', ids.D, 2],
    ]);
    expect(s.stats).toEqual({ c1: 0, c2: 2 });
    expect(s.batches).toHaveLength(1);
    expect(s.batches[0].id).toBeGreaterThan(states[3].batches.at(-1)!.id);
  });

  it('a deactivated deal reactivated before the next insert is published again with its new revision', async () => {
    await changeDeal(ids.B, sql`status = 1`);
    expect(await stats()).toEqual({ c1: 1, c2: 2 });
    expect(await insert()).toBe(1);
    const [b] = (await state()).published.filter((p) => p.deal_identifier === 'PUB-B');
    expect(b).toMatchObject({ deal_id: ids.B, revision: 3 });
  });
});

describe('concurrency', () => {
  it('two inserts at once publish each deal once: one answers the count, the other 0', async () => {
    for (let i = 0; i < 5; i++) await createDeal(`PUB-RACE-${i}`);
    const answers = (await Promise.all([insert(), insert()])).sort((a, b) => a - b);
    expect(answers).toEqual([0, 5]);
  });

  it('two purges at once undo the last two batches, one each', async () => {
    const before = (await state()).batches;
    const answers = (await Promise.all([purge(), purge()])).sort((a, b) => a - b);
    expect(answers).toEqual(before.slice(-2).map((b) => b.deals).sort((a, b) => a - b));
    expect((await state()).batches).toEqual(before.slice(0, -2));
  });
});

describe('with the deals service (storedeal, updatedeal, toggledeal, removedeal, updaterole)', () => {
  type Snap = PublishedDealSnapshot;
  const snapshotOf = async (identifier: string) =>
    (await rows<{ snapshot: Snap; revision: number }>(sql`select snapshot, revision from published_deals where deal_identifier = ${identifier}`))[0];

  beforeAll(async () => {
    // Start from a clean publication: every batch of the earlier blocks undone, their deals removed.
    while ((await purge()) > 0);
    await t.ctx.db.execute(sql`delete from deals`);
    expect(await stats()).toEqual({ c1: 0, c2: 0 });
  });

  it('publishes a deal saved through the API with its entities and role, republishes it after an edit, and keeps what the list shows', async () => {
    const role = await createRole(root, 'Cible API');
    const deal = await storeDeal(root, { entities: [{ siren: validSiren(9001), name: 'Société API', entityrole_id: role.id, stake_percent: 25.5 }] });
    expect(await stats()).toEqual({ c1: 1, c2: 0 });
    expect(await insert()).toBe(1);
    const first = await snapshotOf(deal.deal_identifier);
    expect(first.snapshot).toMatchObject({
      id: deal.id,
      deal_identifier: deal.deal_identifier,
      amount: 1500000.5,
      entities: [{ siren: validSiren(9001), name: 'Société API', stake_percent: 25.5, role: { id: role.id, name: 'Cible API' } }],
    });
    // An unchanged re-save publishes nothing; a change does.
    expect((await root.post(`/api/transactions/updatedeal/${deal.id}`, payloadOf(await readDeal(root, deal.id)))).statusCode).toBe(200);
    expect(await stats()).toEqual({ c1: 0, c2: 1 });
    const edited = { ...payloadOf(await readDeal(root, deal.id)), amount: 42 };
    const res = await root.post(`/api/transactions/updatedeal/${deal.id}`, edited);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stats()).toEqual({ c1: 1, c2: 1 });
    expect(await insert()).toBe(1);
    expect((await snapshotOf(deal.deal_identifier)).snapshot.amount).toBe(42);
    // A rename of the role reaches the published snapshot at the next insert.
    const renamed = await root.post(`/api/transactions/updaterole/${role.id}`, { name: 'Cible renommée', display_name: 'Cible renommée', status: 1 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await stats()).toEqual({ c1: 1, c2: 1 });
    expect(await insert()).toBe(1);
    expect((await snapshotOf(deal.deal_identifier)).snapshot.entities[0].role).toMatchObject({ name: 'Cible renommée' });
  });

  it('withdraws a deal toggled off, publishes it again when toggled on, and withdraws it once removed', async () => {
    const deal = await storeDeal(root);
    expect(await insert()).toBe(1);
    const published = (await stats()).c2;
    expect((await root.post(`/api/transactions/toggledeal/${deal.id}`)).statusCode).toBe(200);
    expect(await stats()).toEqual({ c1: 1, c2: published });
    expect(await insert()).toBe(1);
    expect(await snapshotOf(deal.deal_identifier)).toBeUndefined();
    expect(await stats()).toEqual({ c1: 0, c2: published - 1 });
    expect((await root.post(`/api/transactions/toggledeal/${deal.id}`)).statusCode).toBe(200);
    expect(await insert()).toBe(1);
    expect(await snapshotOf(deal.deal_identifier)).toBeDefined();
    const removed = await root.post('/api/transactions/removedeal', { id: deal.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await stats()).toEqual({ c1: 1, c2: published });
    expect(await insert()).toBe(1);
    expect(await snapshotOf(deal.deal_identifier)).toBeUndefined();
    // Undone: the removed deal's last snapshot is served again (without its deal), and waits for withdrawal.
    expect(await purge()).toBe(1);
    expect(await snapshotOf(deal.deal_identifier)).toMatchObject({ snapshot: { id: deal.id } });
    expect(await stats()).toEqual({ c1: 1, c2: published });
    await expectCountersExact();
  });

  it('a deleted deal whose identifier a new deal takes counts once in c1, as insert processes it once', async () => {
    await insert(); // whatever waits from earlier cases
    const before = await stats();
    expect(before.c1).toBe(0);
    const old = await createDeal('REUSED-1');
    expect(await insert()).toBe(1);
    await t.ctx.db.execute(sql`delete from deals where id = ${old}`);
    expect(await stats()).toEqual({ c1: 1, c2: before.c2 + 1 });
    await createDeal('REUSED-1', '2000.00');
    expect(await stats()).toEqual({ c1: 1, c2: before.c2 + 1 });
    expect(await insert()).toBe(1);
    expect(await stats()).toEqual({ c1: 0, c2: before.c2 + 1 });
    expect(await snapshotOf('REUSED-1')).toMatchObject({ snapshot: { amount: 2000 } });
  });

  it('a deactivated deal whose identifier a new deal takes: both counted in c1 and by insert; purge gives its published revision back', async () => {
    await insert(); // whatever waits from earlier cases
    const a = await createDeal('TAKEN-1');
    expect(await insert()).toBe(1);
    await changeDeal(a, sql`deal_identifier = 'TAKEN-1-OLD', status = 0`);
    await createDeal('TAKEN-1', '3000.00');
    const before = await state();
    // The new deal waits for publication, the deactivated one for the end of its own.
    expect(before.stats.c1).toBe(2);
    expect(await insert()).toBe(2);
    expect((await stats()).c1).toBe(0);
    expect(await snapshotOf('TAKEN-1')).toMatchObject({ snapshot: { amount: 3000 } });
    expect(await purge()).toBe(2);
    expect(await state()).toEqual(before);
  });

  it('keeps the waiting count exact through bulk inserts, updates, upserts and deletes of deals', async () => {
    await t.ctx.db.execute(sql`insert into deals (deal_identifier) select 'BULK-' || i from generate_series(1, 50) as i`);
    await t.ctx.db.execute(sql`update deals set status = 0, revision = revision + 1 where deal_identifier in ('BULK-1', 'BULK-2')`);
    await t.ctx.db.execute(sql`insert into deals (deal_identifier) values ('BULK-3'), ('BULK-51')
      on conflict (deal_identifier) do update set status = 0, revision = deals.revision + 1`);
    await expectCountersExact();
    await t.ctx.db.execute(sql`delete from deals where deal_identifier like 'BULK-%'`);
    await expectCountersExact();
  });
});
