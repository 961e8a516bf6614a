/**
 * The differential queues (contract/rne.ts): the manual add (validated like groups,
 * per-line errors, nothing queued on an error), a SIREN never queued twice (`enqueueSirens` on a drizzle database
 * and on a raw exec), the done / live / parked tables on the shared list helper, the requeue of a parked entry,
 * the reports (`reportsall`, `dirigeantsall`, `liveinpiall`) read from the rollups, and the CSV export
 * (`download-csv`: UTF-8 BOM, `;`, header, the officers entries of J and J-1).
 * Processed entries are written here as the worker writes them (state done, processed_at, `rne_queue_days`).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirigeantsResponse, LiveInpiResponse, ParkedEntry, QueueEntry, ReportsResponse } from '../../contract/rne';
import { enqueueSirens } from '../../server/modules/rne/queues';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { validSiren } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

let t: TestApp;
let root: Client;

beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, query);
}

const TODAY = sql`(now() at time zone 'Europe/Paris')::date`;
/** Noon (Paris) of day J-`n`, plus `minutes`. */
const noon = (n: number, minutes = 0) => sql`(((${TODAY} - ${n}::int)::timestamp + interval '12 hours' + ${minutes} * interval '1 minute') at time zone 'Europe/Paris')`;
/** `YYYY-MM-DD` of day J-`n` in Paris. */
async function day(n: number): Promise<string> {
  const [r] = await rows<{ d: string }>(sql`select to_char(${TODAY} - ${n}::int, 'YYYY-MM-DD') as d`);
  return r.d;
}

let sirenSeq = 100_000;
/** A fresh valid SIREN. */
const nextSiren = () => validSiren(sirenSeq++);

/** An entry processed on day J-`n` (noon + `minutes`), as the worker leaves it. */
async function done(queue: 'accounts' | 'officers', n: number, minutes = 0, siren = nextSiren()): Promise<{ id: number; siren: string }> {
  const [r] = await rows<{ id: number }>(sql`insert into rne_queue (queue, siren, reason, state, processed_at)
    values (${queue}, ${siren}, 'Saisie manuelle', 'done', ${noon(n, minutes)}) returning id::int as id`);
  return { id: r.id, siren };
}

async function counts(queue: string) {
  const [r] = await rows<{ waiting: number; parked: number }>(sql`select waiting::int as waiting, parked::int as parked from rne_queue_counts where queue = ${queue}`);
  return r;
}

describe('manual add', () => {
  it('queues valid SIRENs with the reason Saisie manuelle; a second add finds them already waiting', async () => {
    const sirens = [nextSiren(), nextSiren(), nextSiren()];
    const before = await counts('accounts');
    const res = await root.post('/api/supervisions/queues/accounts/sirens', { sirens: [sirens[0], ` ${sirens[1].slice(0, 3)} ${sirens[1].slice(3)} `, sirens[2], sirens[0]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: expect.stringContaining('3 siren(s) ajouté(s), 1 déjà en attente'), queued: 3, already_waiting: 1 });
    expect((await counts('accounts')).waiting).toBe(before.waiting + 3);
    const stored = await rows<{ siren: string; reason: string; state: string }>(sql`select siren, reason, state from rne_queue where siren in ${sql.raw(`('${sirens.join("','")}')`)} order by id`);
    expect(stored).toEqual(sirens.map((siren) => ({ siren, reason: 'Saisie manuelle', state: 'waiting' })));

    const again = await root.post('/api/supervisions/queues/accounts/sirens', { sirens });
    expect(again.json()).toMatchObject({ queued: 0, already_waiting: 3 });
    // The other queue is another queue.
    expect((await root.post('/api/supervisions/queues/officers/sirens', { sirens: [sirens[0]] })).json()).toMatchObject({ queued: 1, already_waiting: 0 });
    expect((await counts('accounts')).waiting).toBe(before.waiting + 3);
  });

  it('refuses the whole add when a line is not a SIREN, naming the textarea lines', async () => {
    const good = nextSiren();
    const before = await counts('officers');
    const res = await root.post('/api/supervisions/queues/officers/sirens', { sirens: [good, '12345', 'abc'], lines: [1, 3, 4] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sirens).toEqual(["Ligne 3\u00a0: «\u00a012345\u00a0» n’est pas un siren valide.", "Ligne 4\u00a0: «\u00a0abc\u00a0» n’est pas un siren valide."]);
    expect(await counts('officers')).toEqual(before);
    expect(await rows(sql`select id from rne_queue where siren = ${good}`)).toEqual([]);
  });

  it('refuses an unknown queue and an empty add', async () => {
    const unknown = await root.post('/api/supervisions/queues/other/sirens', { sirens: [nextSiren()] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.queue).toEqual(['File inconnue.']);
    const empty = await root.post('/api/supervisions/queues/accounts/sirens', { sirens: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.sirens).toEqual(['Veuillez saisir au moins un siren.']);
  });
});

describe('enqueueSirens', () => {
  it('never queues a SIREN twice while it waits or runs, and again once it is done', async () => {
    const s = nextSiren();
    expect(await enqueueSirens(t.ctx.db, 'officers', [{ siren: s, reason: 'INSEE\u00a0: création' }, { siren: s, reason: 'Flux externe' }])).toEqual({ queued: 1, already_waiting: 1 });
    await t.ctx.db.execute(sql`update rne_queue set state = 'running', lease_until = now() + interval '1 minute' where siren = ${s}`);
    // A raw exec, as the feed merges run it (here on the drizzle database's connection).
    const exec = async (text: string, values?: unknown[]) => {
      const { pglite, pool } = t.ctx.database;
      const res = pglite ? await pglite.query(text, values) : await pool!.query(text, values);
      return { rows: res.rows as Record<string, unknown>[] };
    };
    expect(await enqueueSirens(exec, 'officers', [{ siren: s, reason: 'Flux externe' }])).toEqual({ queued: 0, already_waiting: 1 });
    await t.ctx.db.execute(sql`update rne_queue set state = 'done', processed_at = now() - interval '10 days', lease_until = null where siren = ${s}`);
    expect(await enqueueSirens(exec, 'officers', [{ siren: s, reason: 'Flux externe' }])).toEqual({ queued: 1, already_waiting: 0 });
    const entries = await rows<{ state: string; reason: string }>(sql`select state, reason from rne_queue where siren = ${s} order by id`);
    expect(entries).toEqual([
      { state: 'done', reason: 'INSEE\u00a0: création' },
      { state: 'waiting', reason: 'Flux externe' },
    ]);
  });
});

describe('the tables and the reports', () => {
  let recent: Array<{ id: number; siren: string }>;
  let old: { id: number; siren: string };
  let parked: { id: number; siren: string };

  beforeAll(async () => {
    // Officers: 2 entries on J, 1 on J-1, 1 on J-2; accounts: 1 on J-3.
    recent = [await done('officers', 1, 5), await done('officers', 0, 10), await done('officers', 0, 20)];
    old = await done('officers', 2);
    await done('accounts', 3);
    // The rollups, as the worker keeps them (windows of J, J-1, J-2); the figures differ from the rows on purpose:
    // the reports must read the rollups, never count the queue.
    await t.ctx.db.execute(sql`insert into rne_queue_days (queue, day, processed, first_at, last_at) values
      ('officers', ${TODAY}, 1002, ${noon(0, -60)}, ${noon(0, 20)}),
      ('officers', ${TODAY} - 1, 501, ${noon(1, -30)}, ${noon(1, 5)}),
      ('officers', ${TODAY} - 2, 7, ${noon(2)}, ${noon(2)}),
      ('accounts', ${TODAY} - 3, 9, ${noon(3)}, ${noon(3)})
      on conflict (queue, day) do update set processed = excluded.processed, first_at = excluded.first_at, last_at = excluded.last_at`);
    const [p] = await rows<{ id: number; siren: string }>(sql`insert into rne_queue (queue, siren, reason, state, attempts, error)
      values ('officers', ${nextSiren()}, 'BODACC B\u00a0: modification des dirigeants', 'parked', 3, 'Service RNE\u00a0: HTTP 500.') returning id::int as id, siren`);
    parked = p;
  });

  it('reportsall: the four cards of the accounts queue, restant and parked from the rollups', async () => {
    const res = await root.get('/api/supervisions/reportsall');
    expect(res.statusCode, res.body).toBe(200);
    const r: ReportsResponse = res.json();
    expect([r.nb1, r.nb2, r.nb3, r.nb4]).toEqual([
      { day: await day(0), total: 0 },
      { day: await day(1), total: 0 },
      { day: await day(2), total: 0 },
      { day: await day(3), total: 9 },
    ]);
    const [c] = await rows<{ waiting: number; parked: number }>(sql`select waiting::int as waiting, parked::int as parked from rne_queue_counts where queue = 'accounts'`);
    expect(r.restant).toBe(c.waiting);
    expect(r.parked).toBe(c.parked);
    expect(r.accounts.length).toBeGreaterThan(0);
    expect(r.accounts.every((e) => typeof e.siren === 'string' && !Number.isNaN(Date.parse(e.date_creation)))).toBe(true);
  });

  it('dirigeantsall: the cards, the window of J and the latest entries, newest first', async () => {
    const r: DirigeantsResponse = (await root.get('/api/supervisions/dirigeantsall')).json();
    expect([r.nb1.total, r.nb2.total, r.nb3.total, r.nb4.total]).toEqual([1002, 501, 7, 0]);
    expect(r.nb1.day).toBe(await day(0));
    const [w] = await rows<{ from: string; to: string }>(sql`select ${noon(0, -60)} as from, ${noon(0, 20)} as to`);
    expect(Date.parse(r.from!)).toBe(new Date(w.from).getTime());
    expect(Date.parse(r.to!)).toBe(new Date(w.to).getTime());
    expect(r.parked).toBe((await counts('officers')).parked);
    expect(r.accounts.slice(0, 3).map((e) => e.siren)).toEqual([recent[2].siren, recent[1].siren, recent[0].siren]);
  });

  it('liveinpiall: entries of J and J-1 only, and the windows of J, J-1, J-2', async () => {
    const r: LiveInpiResponse = (await root.get('/api/supervisions/liveinpiall')).json();
    const sirens = r.accounts.map((e) => e.siren);
    expect(sirens).toEqual(expect.arrayContaining(recent.map((e) => e.siren)));
    expect(sirens).not.toContain(old.siren);
    expect(r.from2).not.toBeNull();
    expect(Date.parse(r.to2!)).toBe(Date.parse(r.from2!) + 35 * 60_000);
    expect(r.from3).toBe(r.to3);
    expect(r.restant).toBe((await counts('officers')).waiting);
  });

  it('the done table: newest first by default, total from the rollups, SIREN prefix search, sorting', async () => {
    const res = await root.post('/api/supervisions/queues/officers/filter', { pagination: { per_page: 10 } });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { data: QueueEntry[]; total: number };
    expect(page.data.slice(0, 3).map((e) => e.id)).toEqual([recent[2].id, recent[1].id, recent[0].id]);
    expect(page.total).toBe(1002 + 501 + 7);
    expect(page.data[0]).toEqual({ id: recent[2].id, siren: recent[2].siren, date_creation: expect.stringMatching(/Z$/), reason: 'Saisie manuelle' });

    const found = (await root.post('/api/supervisions/queues/officers/filter', { search: old.siren.slice(0, 9) })).json() as { data: QueueEntry[]; total: number };
    expect(found).toMatchObject({ total: 1, data: [{ id: old.id, siren: old.siren }] });
    const none = (await root.post('/api/supervisions/queues/officers/filter', { search: 'not a siren' })).json();
    expect(none.total).toBe(0);
    const bySiren = (await root.post('/api/supervisions/queues/officers/filter', { orderBy: { column: 'siren', direction: 'asc' }, search: '' })).json() as { data: QueueEntry[] };
    const listed = bySiren.data.map((e) => e.siren);
    expect(listed).toEqual([...listed].sort());
    const bad = await root.post('/api/supervisions/queues/officers/filter', { orderBy: { column: 'reason' } });
    expect(bad.statusCode).toBe(422);
  });

  it('the live table: officers entries processed since the start of J-1', async () => {
    const page = (await root.post('/api/supervisions/queues/officers/live/filter', { search: '' })).json() as { data: QueueEntry[]; total: number };
    expect(page.total).toBe(1002 + 501);
    expect(page.data.map((e) => e.id)).toEqual([recent[2].id, recent[1].id, recent[0].id]);
  });

  it('the parked table and the requeue; a parked SIREN already waiting again is just removed', async () => {
    const list = (await root.post('/api/supervisions/queues/officers/parked/filter', {})).json() as { data: ParkedEntry[]; total: number };
    expect(list.total).toBe((await counts('officers')).parked);
    expect(list.data.find((e) => e.id === parked.id)).toMatchObject({ siren: parked.siren, attempts: 3, error: 'Service RNE\u00a0: HTTP 500.', reason: 'BODACC B\u00a0: modification des dirigeants' });

    const before = await counts('officers');
    expect((await root.post(`/api/supervisions/queues/accounts/requeue/${parked.id}`)).statusCode).toBe(404);
    const res = await root.post(`/api/supervisions/queues/officers/requeue/${parked.id}`);
    expect(res.statusCode).toBe(204);
    expect(await counts('officers')).toEqual({ waiting: before.waiting + 1, parked: before.parked - 1 });
    const [entry] = await rows(sql`select state, attempts::int as attempts, error from rne_queue where id = ${parked.id}`);
    expect(entry).toEqual({ state: 'waiting', attempts: 0, error: null });
    expect((await root.post(`/api/supervisions/queues/officers/requeue/${parked.id}`)).statusCode).toBe(404);

    // Parked again, while the same SIREN was queued anew meanwhile.
    await t.ctx.db.execute(sql`update rne_queue set state = 'parked', attempts = 3, error = 'x' where id = ${parked.id}`);
    await enqueueSirens(t.ctx.db, 'officers', [{ siren: parked.siren, reason: 'Flux externe' }]);
    expect((await root.post(`/api/supervisions/queues/officers/requeue/${parked.id}`)).statusCode).toBe(204);
    expect(await rows(sql`select state, reason from rne_queue where siren = ${parked.siren}`)).toEqual([{ state: 'waiting', reason: 'Flux externe' }]);
  });

  it('download-csv: export.csv, UTF-8 with BOM, `;`, a header, the officers entries of J and J-1 newest first', async () => {
    const res = await root.get('/api/supervisions/download-csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="export.csv"');
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Siren;Date;Motif');
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual([recent[2].siren, recent[1].siren, recent[0].siren]);
    const [when] = await rows<{ d: string }>(sql`select to_char(${noon(0, 20)} at time zone 'Europe/Paris', 'DD/MM/YYYY HH24:MI:SS') as d`);
    expect(lines[1]).toBe(`${recent[2].siren};${when.d};Saisie manuelle`);
  });

  it('download-csv reads in batches: more rows than one batch come out whole and in order', async () => {
    const many = 5000 + 3;
    await t.ctx.db.execute(sql`insert into rne_queue (queue, siren, reason, state, processed_at)
      select 'officers', lpad(g::text, 9, '0'), 'Flux externe', 'done', ${noon(1)} from generate_series(1, ${many}) g`);
    const res = await root.get('/api/supervisions/download-csv');
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
    expect(lines.length).toBe(1 + 3 + many);
    expect(new Set(lines).size).toBe(lines.length);
    // Same instant: newest id first, across the batch boundary.
    const generated = lines.slice(4).map((l) => Number(l.split(';')[0]));
    expect(generated).toEqual(Array.from({ length: many }, (_, i) => many - i));
  });
});
