/**
 * The differential queues (contract/rne.ts): the manual add (validated like groups,
 * per-line errors, nothing queued on an error), a SIREN never queued twice (`enqueueSirens` on a drizzle database
 * and on a raw exec), the done / live / parked tables on the shared list helper, the requeue of a parked entry,
 * the reports (`reportsall`, `dirigeantsall`, `liveinpiall`) read from the rollups, and the CSV export
 * (`download-csv`: UTF-8 BOM, `;`, header, the officers entries of J and J-1).
 * Processed entries are written here as the worker writes them (state done, processed_at, `rne_queue_days`), around
 * the Paris day J the database reads; the checks of what the server places on J..J-3 run on one Paris day, the
 * entries written again for the new J when midnight passed meanwhile (test/helpers/paris-day.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirigeantsResponse, LiveInpiResponse, ParkedEntry, QueueEntry, ReportsResponse } from '../../contract/rne';
import { isoOf } from '../../server/modules/rne/lists';
import { enqueueSirens } from '../../server/modules/rne/queues';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { databaseDay, dayBefore, frenchDay, onOneParisDay, type DayReader } from '../helpers/paris-day';
import { validSiren } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

let t: TestApp;
let root: Client;
/** Today in Europe/Paris as the database reads it: the J of the reports and tables. */
let today: DayReader;

beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  today = databaseDay(t.ctx.db);
});
afterAll(async () => t?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, query);
}

/** Noon (Paris) of the Paris day `n` days before `j` (`YYYY-MM-DD`), plus `minutes`, as a SQL instant. */
const noon = (j: string, n: number, minutes = 0) =>
  sql`(((${j}::date - ${n}::int)::timestamp + interval '12 hours' + ${minutes} * interval '1 minute') at time zone 'Europe/Paris')`;

let sirenSeq = 100_000;
/** A fresh valid SIREN. */
const nextSiren = () => validSiren(sirenSeq++);

/** An entry processed on day J-`n` of `j` (noon + `minutes`), as the worker leaves it. */
async function done(queue: 'accounts' | 'officers', j: string, n: number, minutes = 0, siren = nextSiren()): Promise<{ id: number; siren: string }> {
  const [r] = await rows<{ id: number }>(sql`insert into rne_queue (queue, siren, reason, state, processed_at)
    values (${queue}, ${siren}, 'Saisie manuelle', 'done', ${noon(j, n, minutes)}) returning id::int as id`);
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
  type Entry = { id: number; siren: string };
  /** The data set of the tables and reports, and the Paris day J it was written for. */
  let data: { j: string; recent: Entry[]; old: Entry; parked: Entry; ids: number[] } | undefined;

  /**
   * The data set written for the Paris day `j` (written again, replacing the one of another day, when midnight
   * passed since): officers, 2 entries on J, 1 on J-1, 1 on J-2; accounts, 1 on J-3; a parked officers entry; and
   * the rollups as the worker keeps them (windows of J, J-1, J-2), their figures different from the rows on purpose:
   * the reports must read the rollups, never count the queue.
   */
  async function dataFor(j: string) {
    if (data?.j === j) return data;
    if (data) await t.ctx.db.execute(sql`delete from rne_queue where id in (${sql.join(data.ids.map((id) => sql`${id}`), sql`, `)})`);
    await t.ctx.db.execute(sql`delete from rne_queue_days`);
    const recent = [await done('officers', j, 1, 5), await done('officers', j, 0, 10), await done('officers', j, 0, 20)];
    const old = await done('officers', j, 2);
    const account = await done('accounts', j, 3);
    await t.ctx.db.execute(sql`insert into rne_queue_days (queue, day, processed, first_at, last_at) values
      ('officers', ${j}::date, 1002, ${noon(j, 0, -60)}, ${noon(j, 0, 20)}),
      ('officers', ${j}::date - 1, 501, ${noon(j, 1, -30)}, ${noon(j, 1, 5)}),
      ('officers', ${j}::date - 2, 7, ${noon(j, 2)}, ${noon(j, 2)}),
      ('accounts', ${j}::date - 3, 9, ${noon(j, 3)}, ${noon(j, 3)})`);
    const [parked] = await rows<Entry>(sql`insert into rne_queue (queue, siren, reason, state, attempts, error)
      values ('officers', ${nextSiren()}, 'BODACC B\u00a0: modification des dirigeants', 'parked', 3, 'Service RNE\u00a0: HTTP 500.') returning id::int as id, siren`);
    data = { j, recent, old, parked, ids: [...recent, old, account, parked].map((e) => e.id) };
    return data;
  }

  beforeAll(async () => {
    await dataFor(await today());
  });

  it('reportsall: the four cards of the accounts queue, restant and parked from the rollups', async () => {
    await onOneParisDay(async (j) => {
      await dataFor(j);
      const res = await root.get('/api/supervisions/reportsall');
      expect(res.statusCode, res.body).toBe(200);
      const r: ReportsResponse = res.json();
      expect([r.nb1, r.nb2, r.nb3, r.nb4]).toEqual([
        { day: j, total: 0 },
        { day: dayBefore(j, 1), total: 0 },
        { day: dayBefore(j, 2), total: 0 },
        { day: dayBefore(j, 3), total: 9 },
      ]);
      const [c] = await rows<{ waiting: number; parked: number }>(sql`select waiting::int as waiting, parked::int as parked from rne_queue_counts where queue = 'accounts'`);
      expect(r.restant).toBe(c.waiting);
      expect(r.parked).toBe(c.parked);
      expect(r.accounts.length).toBeGreaterThan(0);
      expect(r.accounts.every((e) => typeof e.siren === 'string' && !Number.isNaN(Date.parse(e.date_creation)))).toBe(true);
    }, today);
  });

  it('dirigeantsall: the cards, the window of J and the latest entries, newest first', async () => {
    await onOneParisDay(async (j) => {
      const { recent } = await dataFor(j);
      const r: DirigeantsResponse = (await root.get('/api/supervisions/dirigeantsall')).json();
      expect([r.nb1.total, r.nb2.total, r.nb3.total, r.nb4.total]).toEqual([1002, 501, 7, 0]);
      expect(r.nb1.day).toBe(j);
      const [w] = await rows<{ from: string; to: string }>(sql`select ${isoOf(noon(j, 0, -60))} as from, ${isoOf(noon(j, 0, 20))} as to`);
      expect([r.from, r.to]).toEqual([w.from, w.to]);
      expect(r.parked).toBe((await counts('officers')).parked);
      expect(r.accounts.slice(0, 3).map((e) => e.siren)).toEqual([recent[2].siren, recent[1].siren, recent[0].siren]);
    }, today);
  });

  it('liveinpiall: entries of J and J-1 only, and the windows of J, J-1, J-2', async () => {
    await onOneParisDay(async (j) => {
      const { recent, old } = await dataFor(j);
      const r: LiveInpiResponse = (await root.get('/api/supervisions/liveinpiall')).json();
      const sirens = r.accounts.map((e) => e.siren);
      expect(sirens).toEqual(expect.arrayContaining(recent.map((e) => e.siren)));
      expect(sirens).not.toContain(old.siren);
      expect(r.from2).not.toBeNull();
      expect(Date.parse(r.to2!)).toBe(Date.parse(r.from2!) + 35 * 60_000);
      expect(r.from3).toBe(r.to3);
      expect(r.restant).toBe((await counts('officers')).waiting);
    }, today);
  });

  it('the done table: newest first by default, total from the rollups, SIREN prefix search, sorting', async () => {
    const { recent, old } = data!;
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
    await onOneParisDay(async (j) => {
      const { recent } = await dataFor(j);
      const page = (await root.post('/api/supervisions/queues/officers/live/filter', { search: '' })).json() as { data: QueueEntry[]; total: number };
      expect(page.total).toBe(1002 + 501);
      expect(page.data.map((e) => e.id)).toEqual([recent[2].id, recent[1].id, recent[0].id]);
    }, today);
  });

  it('the parked table and the requeue; a parked SIREN already waiting again is just removed', async () => {
    const { parked } = data!;
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
    await onOneParisDay(async (j) => {
      const { recent } = await dataFor(j);
      const res = await root.get('/api/supervisions/download-csv');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="export.csv"');
      const raw = res.rawPayload;
      expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = raw.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
      expect(lines[0]).toBe('Siren;Date;Motif');
      expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual([recent[2].siren, recent[1].siren, recent[0].siren]);
      expect(lines[1]).toBe(`${recent[2].siren};${frenchDay(j)} 12:20:00;Saisie manuelle`);
    }, today);
  });

  it('download-csv reads in batches: more rows than one batch come out whole and in order', async () => {
    const many = 5000 + 3;
    await onOneParisDay(async (j) => {
      await dataFor(j);
      await t.ctx.db.execute(sql`delete from rne_queue where queue = 'officers' and state = 'done' and reason = 'Flux externe'`);
      await t.ctx.db.execute(sql`insert into rne_queue (queue, siren, reason, state, processed_at)
        select 'officers', lpad(g::text, 9, '0'), 'Flux externe', 'done', ${noon(j, 1)} from generate_series(1, ${many}) g`);
      const res = await root.get('/api/supervisions/download-csv');
      const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
      expect(lines.length).toBe(1 + 3 + many);
      expect(new Set(lines).size).toBe(lines.length);
      // Same instant: newest id first, across the batch boundary.
      const generated = lines.slice(4).map((l) => Number(l.split(';')[0]));
      expect(generated).toEqual(Array.from({ length: many }, (_, i) => many - i));
    }, today);
  });
});
