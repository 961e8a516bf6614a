/**
 * Bulk actions of the queue tables (contract/bulk.ts): `POST queues/{queue}/parked/bulk/{requeue|remove}` and
 * `POST queues/{queue}/waiting/bulk/remove`, over ticked entries or every entry of a SIREN search minus the unticked
 * ones, or every entry of one source (search `motif:<reason>`); a requeue resets the entry as the one-entry requeue does and removes an entry whose SIREN is pending
 * again; `rne_queue_counts` stays exact; the waiting table lists only waiting entries; French 422s; 100,000
 * waiting entries removed in one transaction (a failure midway leaves them all).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { validSiren } from '../helpers/sirens';

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.ctx.db, query);
let seq = 300_000;
/** A fresh valid SIREN starting with the digits 8 (away from the other files' SIRENs). */
const nextSiren = () => validSiren(seq++, 80_000_000);

/** Counters and actual rows of `queue`: they must agree. */
async function counts(queue: string) {
  const [r] = await rows<{ waiting: number; parked: number; rw: number; rp: number }>(sql`select c.waiting::int as waiting, c.parked::int as parked,
      (select count(*)::int from rne_queue where queue = ${queue} and state in ('waiting', 'running')) as rw,
      (select count(*)::int from rne_queue where queue = ${queue} and state = 'parked') as rp
    from rne_queue_counts c where c.queue = ${queue}`);
  expect([r.waiting, r.parked]).toEqual([r.rw, r.rp]);
  return { waiting: r.waiting, parked: r.parked };
}

async function park(queue: string, siren = nextSiren()): Promise<{ id: number; siren: string }> {
  const [r] = await rows<{ id: number }>(sql`insert into rne_queue (queue, siren, reason, state, attempts, error)
    values (${queue}, ${siren}, 'Flux externe', 'parked', 3, 'Service RNE\u00a0: HTTP 500.') returning id::int as id`);
  return { id: r.id, siren };
}
async function wait(queue: string, siren = nextSiren()): Promise<{ id: number; siren: string }> {
  const [r] = await rows<{ id: number }>(sql`insert into rne_queue (queue, siren, reason) values (${queue}, ${siren}, 'Saisie manuelle') returning id::int as id`);
  return { id: r.id, siren };
}
const entry = async (id: number) => (await rows<{ state: string; attempts: number; error: string | null }>(sql`select state, attempts::int as attempts, error from rne_queue where id = ${id}`))[0];

describe('parked entries', () => {
  it('requeues the ticked entries as the one-entry requeue does; an entry pending again, or parked twice, is removed', async () => {
    const a = await park('accounts');
    const b = await park('accounts');
    const twice = await park('accounts', a.siren);
    const pendingAgain = await park('accounts');
    await wait('accounts', pendingAgain.siren);
    const untouched = await park('accounts');
    const before = await counts('accounts');

    const res = await root.post('/api/supervisions/queues/accounts/parked/bulk/requeue', { ids: [a.id, b.id, twice.id, pendingAgain.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 4, message: '4 entrées remises en file.' });
    expect(await entry(a.id)).toEqual({ state: 'waiting', attempts: 0, error: null });
    expect(await entry(b.id)).toEqual({ state: 'waiting', attempts: 0, error: null });
    expect(await entry(twice.id)).toBeUndefined();
    expect(await entry(pendingAgain.id)).toBeUndefined();
    expect((await entry(untouched.id)).state).toBe('parked');
    expect(await counts('accounts')).toEqual({ waiting: before.waiting + 2, parked: before.parked - 4 });
  });

  it('removes every parked entry of a SIREN search minus the unticked ones, only in that queue', async () => {
    const prefix = '8129';
    const sirens = [validSiren(1, 81_290_000), validSiren(2, 81_290_000), validSiren(3, 81_290_000)];
    const [x, y, z] = [await park('officers', sirens[0]), await park('officers', sirens[1]), await park('officers', sirens[2])];
    const other = await park('accounts', sirens[0]);
    const before = await counts('officers');
    const res = await root.post('/api/supervisions/queues/officers/parked/bulk/remove', { all: true, search: prefix, except: [z.id] });
    expect(res.json()).toEqual({ count: 2, message: '2 entrées retirées de la file.' });
    expect([await entry(x.id), await entry(y.id)]).toEqual([undefined, undefined]);
    expect((await entry(z.id)).state).toBe('parked');
    expect((await entry(other.id)).state).toBe('parked');
    expect(await counts('officers')).toEqual({ waiting: before.waiting, parked: before.parked - 2 });
  });

  it('refuses an unknown action, an unknown queue or an empty body in French', async () => {
    const unknown = await root.post('/api/supervisions/queues/accounts/parked/bulk/archive', { ids: [1] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.action).toEqual(['Action inconnue.']);
    const queue = await root.post('/api/supervisions/queues/nope/waiting/bulk/remove', { ids: [1] });
    expect(queue.statusCode).toBe(422);
    expect(queue.json().errors.queue).toEqual(['File inconnue.']);
    const empty = await root.post('/api/supervisions/queues/accounts/waiting/bulk/remove', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.ids).toEqual(['Aucune ligne sélectionnée.']);
  });
});

describe('waiting entries', () => {
  it('lists the waiting entries only, and removes the ticked ones (a running or parked entry stays)', async () => {
    const w1 = await wait('officers');
    const w2 = await wait('officers');
    const running = await wait('officers');
    await t.ctx.db.execute(sql`update rne_queue set state = 'running', lease_until = now() + interval '1 minute' where id = ${running.id}`);
    const parked = await park('officers');
    const list = await root.post('/api/supervisions/queues/officers/waiting/filter?page=1', { search: w1.siren });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([expect.objectContaining({ id: w1.id, siren: w1.siren, reason: 'Saisie manuelle' })]);
    expect((await root.post('/api/supervisions/queues/officers/waiting/filter?page=1', { search: running.siren })).json().total).toBe(0);

    const before = await counts('officers');
    const res = await root.post('/api/supervisions/queues/officers/waiting/bulk/remove', { ids: [w1.id, w2.id, running.id, parked.id] });
    expect(res.json()).toEqual({ count: 2, message: '2 entrées retirées de la file.' });
    expect([await entry(w1.id), await entry(w2.id)]).toEqual([undefined, undefined]);
    expect((await entry(running.id)).state).toBe('running');
    expect((await entry(parked.id)).state).toBe('parked');
    expect(await counts('officers')).toEqual({ waiting: before.waiting - 2, parked: before.parked });
  });

  it('clears one source: the search motif:<reason> lists its waiting entries, « all » removes them and no other', async () => {
    const [r1] = await rows<{ id: number }>(sql`insert into rne_queue (queue, siren, reason) values ('officers', ${nextSiren()}, 'INSEE\u00a0: création') returning id::int as id`);
    const [r2] = await rows<{ id: number }>(sql`insert into rne_queue (queue, siren, reason) values ('officers', ${nextSiren()}, 'INSEE\u00a0: création') returning id::int as id`);
    const [elsewhere] = await rows<{ id: number }>(sql`insert into rne_queue (queue, siren, reason) values ('accounts', ${nextSiren()}, 'INSEE\u00a0: création') returning id::int as id`);
    const manual = await wait('officers');
    const search = 'motif:INSEE\u00a0: création';
    const list = await root.post('/api/supervisions/queues/officers/waiting/filter?page=1', { search });
    expect(list.json().data.map((e: { id: number }) => e.id).sort()).toEqual([r1.id, r2.id].sort());
    const before = await counts('officers');
    const res = await root.post('/api/supervisions/queues/officers/waiting/bulk/remove', { all: true, search });
    expect(res.json()).toEqual({ count: 2, message: '2 entrées retirées de la file.' });
    expect([await entry(r1.id), await entry(r2.id)]).toEqual([undefined, undefined]);
    expect((await entry(elsewhere.id)).state).toBe('waiting');
    expect((await entry(manual.id)).state).toBe('waiting');
    expect(await counts('officers')).toEqual({ waiting: before.waiting - 2, parked: before.parked });
  });

  it('removes 100,000 waiting entries in one transaction: a failure midway leaves them all, then all go', async () => {
    await t.ctx.db.execute(sql`insert into rne_queue (queue, siren, reason)
      select 'accounts', lpad((700000000 + g)::text, 9, '0'), 'Flux externe' from generate_series(1, 100000) g`);
    const mass = async () => Number((await rows<{ n: number }>(sql`select count(*)::int as n from rne_queue where queue = 'accounts' and siren like '70%'`))[0].n);
    expect(await mass()).toBe(100_000);
    const before = await counts('accounts');
    await t.ctx.db.execute(sql.raw(`create function rqb_block() returns trigger language plpgsql as $$ begin
      if old.siren = '700070000' then raise exception 'blocked'; end if; return old; end $$`));
    await t.ctx.db.execute(sql`create trigger rqb_block before delete on rne_queue for each row execute function rqb_block()`);
    expect((await root.post('/api/supervisions/queues/accounts/waiting/bulk/remove', { all: true, search: '70' })).statusCode).toBe(500);
    expect(await mass()).toBe(100_000);
    expect(await counts('accounts')).toEqual(before);
    await t.ctx.db.execute(sql`drop trigger rqb_block on rne_queue`);
    await t.ctx.db.execute(sql`drop function rqb_block()`);

    const res = await root.post('/api/supervisions/queues/accounts/waiting/bulk/remove', { all: true, search: '70' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 100_000, message: '100\u202f000 entrées retirées de la file.' });
    expect(await mass()).toBe(0);
    expect(await counts('accounts')).toEqual({ waiting: before.waiting - 100_000, parked: before.parked });
  }, 240_000);
});
