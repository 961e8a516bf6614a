/**
 * SPEC "Update log" and section 7: `GET /api/messages/getdatas` — `{thisYear, lastYear, thisMonth,
 * months '01'..'12', days '01'..'31'}`, every key present, in the Europe/Paris calendar, read from the
 * per-day rollup `update_log_daily` (kept by triggers through inserts, deletes and TRUNCATE).
 * The HTTP call counts in the server's today: its checks write their entries around the Paris day read just before
 * and run again when midnight passed meanwhile (test/helpers/paris-day.ts); `logStatistics(db, now)` is also driven
 * with fixed dates.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appendLogEntries, logStatistics } from '../../server/modules/update-log/service';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { onOneParisDay } from '../helpers/paris-day';
import { validSirens } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

type Stats = { thisYear: number; lastYear: number; thisMonth: number; months: Record<string, number>; days: Record<string, number> };

const MONTH_KEYS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const DAY_KEYS = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0'));
const SIRENS = validSirens(5, 20_000_000);

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.ctx.db.execute(sql`delete from update_log`);
});

async function query<T>(q: SQL): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, q);
}

/** Inserts `count` entries at each instant. */
async function logAt(...batches: Array<[Date | string, number]>) {
  const entries = batches.flatMap(([when, count]) =>
    Array.from({ length: count }, (_, i) => ({ code: 'RNE', siren: SIRENS[i % 5], description: `Entrée ${i}`, createdAt: new Date(when) })),
  );
  await appendLogEntries(t.ctx.db, entries);
}

async function getStats(): Promise<Stats> {
  const res = await root.get('/api/messages/getdatas');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Stats;
}

/** `{y, m, d}` of an instant on Paris clocks (m and d two digits). */
function parisDate(when: Date): { y: number; m: string; d: string } {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(when)
    .split('-');
  return { y: Number(y), m, d };
}

/** The instant at which Paris clocks show y-m-d hh:mm (not for the hour skipped in March). */
function parisTime(y: number, m: number, d: number, hh = 12, mm = 0): Date {
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Paris',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const offsetAt = (ms: number) => {
    const p = Object.fromEntries(fmt.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - ms;
  };
  return new Date(wall - offsetAt(wall - offsetAt(wall)));
}

/** Noon on Paris clocks of the Paris day `day` (`YYYY-MM-DD`). */
function noonOf(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return parisTime(y, m, d, 12);
}

/** An independent model of the statistics: each entry placed on its Paris date. */
function model(batches: Array<[Date | string, number]>, now: Date): Stats {
  const today = parisDate(now);
  const months = Object.fromEntries(MONTH_KEYS.map((k) => [k, 0]));
  const days = Object.fromEntries(DAY_KEYS.map((k) => [k, 0]));
  let thisYear = 0;
  let lastYear = 0;
  for (const [when, count] of batches) {
    const p = parisDate(new Date(when));
    if (p.y === today.y) {
      thisYear += count;
      months[p.m] += count;
      if (p.m === today.m) days[p.d] += count;
    } else if (p.y === today.y - 1) lastYear += count;
  }
  return { thisYear, lastYear, thisMonth: months[today.m], months, days };
}

/** Zeros everywhere, with `over` applied to months / days. */
function stats(top: Partial<Pick<Stats, 'thisYear' | 'lastYear' | 'thisMonth'>>, months: Record<string, number> = {}, days: Record<string, number> = {}): Stats {
  return {
    thisYear: top.thisYear ?? 0,
    lastYear: top.lastYear ?? 0,
    thisMonth: top.thisMonth ?? 0,
    months: { ...Object.fromEntries(MONTH_KEYS.map((k) => [k, 0])), ...months },
    days: { ...Object.fromEntries(DAY_KEYS.map((k) => [k, 0])), ...days },
  };
}

/**
 * Entries placed around the Paris date of `now`: 3 today, 2 on another day of this month, 4 in another
 * month of this year, 6 last year (one of them at 23:30 on December 31st), 1 at 23:30 UTC on the last
 * December 31st (already January 1st in Paris), 7 two years ago and 8 next year.
 */
function relativeBatches(now: Date): Array<[Date | string, number]> {
  const { y, m, d } = parisDate(now);
  const month = Number(m);
  return [
    [parisTime(y, month, Number(d), 12), 3],
    [parisTime(y, month, d === '01' ? 2 : 1, 0, 30), 2],
    [parisTime(y, month === 1 ? 2 : 1, 15, 12), 4],
    [parisTime(y - 1, 6, 15, 12), 5],
    [parisTime(y - 1, 12, 31, 23, 30), 1],
    [`${y - 1}-12-31T23:30:00Z`, 1],
    [parisTime(y - 2, 7, 1, 12), 7],
    [parisTime(y + 1, 2, 1, 12), 8],
  ];
}

/** The figures of `relativeBatches(now)` worked out by hand. */
function expectRelative(s: Stats, now: Date) {
  const { m, d } = parisDate(now);
  const jan1 = m === '01' ? 1 : 0; // the entry at 23:30 UTC on December 31st
  const otherMonth = m === '01' ? '02' : '01';
  expect([s.thisYear, s.lastYear, s.thisMonth]).toEqual([3 + 2 + 4 + 1, 5 + 1, 3 + 2 + jan1]);
  expect(s.days[d]).toBe(3 + (d === '01' ? jan1 : 0));
  expect(s.months[m]).toBe(3 + 2 + jan1);
  expect(s.months[otherMonth]).toBe(4 + (otherMonth === '01' ? 1 : 0));
  // Other months of this year are not in `days`; every entry of this year is in `months`.
  expect(Object.values(s.days).reduce((a, b) => a + b, 0)).toBe(s.thisMonth);
  expect(Object.values(s.months).reduce((a, b) => a + b, 0)).toBe(s.thisYear);
}

describe('GET /api/messages/getdatas', () => {
  it('has every key, zeros included, on an empty log', async () => {
    const s = await getStats();
    expect(s).toEqual(stats({}));
    expect(Object.keys(s).sort()).toEqual(['days', 'lastYear', 'months', 'thisMonth', 'thisYear']);
    expect(Object.keys(s.months).sort()).toEqual(MONTH_KEYS);
    expect(Object.keys(s.days).sort()).toEqual(DAY_KEYS);
  });

  it('counts this year, last year, this month and its days in the Paris calendar of today', async () => {
    await onOneParisDay(async (day) => {
      await t.ctx.db.execute(sql`delete from update_log`);
      const now = noonOf(day);
      const batches = relativeBatches(now);
      await logAt(...batches);
      const s = await getStats();
      expectRelative(s, now);
      expect(s).toEqual(model(batches, now));
      // Same figures as the service for the same day.
      expect(s).toEqual(await logStatistics(t.ctx.db, now));
    });
  });

  it('places the same entries right on other days of the year (logStatistics with a fixed now)', async () => {
    for (const iso of ['2026-01-01T00:10:00+01:00', '2026-01-20T12:00:00Z', '2026-03-29T12:00:00Z', '2026-10-25T01:30:00Z', '2026-12-31T23:59:00+01:00', '2028-02-29T12:00:00Z']) {
      await t.ctx.db.execute(sql`delete from update_log`);
      const now = new Date(iso);
      const batches = relativeBatches(now);
      await logAt(...batches);
      const s = await logStatistics(t.ctx.db, now);
      expectRelative(s, now);
      expect(s, iso).toEqual(model(batches, now));
    }
  });

  it('follows deletions and TRUNCATE of the log', async () => {
    await onOneParisDay(async (day) => {
      await t.ctx.db.execute(sql`delete from update_log`);
      const [y, m, d] = [Number(day.slice(0, 4)), day.slice(5, 7), day.slice(8, 10)];
      await logAt([parisTime(y, Number(m), Number(d), 12), 6], [parisTime(y - 1, 3, 3, 12), 2]);
      expect(await getStats()).toEqual(stats({ thisYear: 6, lastYear: 2, thisMonth: 6 }, { [m]: 6 }, { [d]: 6 }));
      await t.ctx.db.execute(sql`delete from update_log where id in (select id from update_log where created_at > ${new Date(Date.UTC(y - 1, 11, 1)).toISOString()}::timestamptz order by id limit 4)`);
      expect(await getStats()).toEqual(stats({ thisYear: 2, lastYear: 2, thisMonth: 2 }, { [m]: 2 }, { [d]: 2 }));
      await t.ctx.db.execute(sql`truncate update_log`);
      expect(await getStats()).toEqual(stats({}));
      await logAt([parisTime(y, Number(m), Number(d), 12), 1]);
      expect(await getStats()).toEqual(stats({ thisYear: 1, thisMonth: 1 }, { [m]: 1 }, { [d]: 1 }));
    });
  });
});

describe('logStatistics(db, now) on fixed dates', () => {
  // Paris is UTC+1 in winter, UTC+2 in summer.
  const batches: Array<[string, number]> = [
    ['2025-12-31T23:30:00Z', 2], // Paris 2026-01-01 00:30
    ['2025-12-31T22:30:00Z', 1], // Paris 2025-12-31 23:30
    ['2025-06-15T10:00:00Z', 3], // 2025
    ['2024-12-31T23:30:00Z', 1], // Paris 2025-01-01 00:30
    ['2024-12-31T22:59:59.999Z', 1], // Paris 2024-12-31 23:59:59
    ['2026-01-31T22:59:00Z', 1], // Paris 2026-01-31 23:59
    ['2026-03-10T12:00:00Z', 4], // March 2026
    ['2026-07-31T21:59:00Z', 1], // Paris 2026-07-31 23:59 (summer time)
    ['2026-07-31T22:30:00Z', 5], // Paris 2026-08-01 00:30 (summer time)
    ['2026-12-31T23:30:00Z', 1], // Paris 2027-01-01 00:30
  ];
  beforeEach(async () => {
    await logAt(...batches);
  });

  it('the rollup holds one row per Paris day', async () => {
    const rows = await query<{ day: string; n: number }>(sql`select to_char(day, 'YYYY-MM-DD') as day, entries::int as n from update_log_daily where entries > 0 order by day`);
    expect(rows).toEqual([
      { day: '2024-12-31', n: 1 },
      { day: '2025-01-01', n: 1 },
      { day: '2025-06-15', n: 3 },
      { day: '2025-12-31', n: 1 },
      { day: '2026-01-01', n: 2 },
      { day: '2026-01-31', n: 1 },
      { day: '2026-03-10', n: 4 },
      { day: '2026-07-31', n: 1 },
      { day: '2026-08-01', n: 5 },
      { day: '2027-01-01', n: 1 },
    ]);
  });

  it('on 2026-01-01 in Paris, an entry at 2025-12-31T23:30:00Z counts today; one half an hour earlier counts last year', async () => {
    const expected = stats({ thisYear: 2 + 1 + 4 + 1 + 5, lastYear: 1 + 3 + 1, thisMonth: 3 }, { '01': 3, '03': 4, '07': 1, '08': 5 }, { '01': 2, '31': 1 });
    for (const now of ['2026-01-01T09:00:00Z', '2025-12-31T23:00:00Z', '2026-01-31T22:59:59Z']) {
      expect(await logStatistics(t.ctx.db, new Date(now)), now).toEqual(expected);
      expect(model(batches, new Date(now)), now).toEqual(expected);
    }
  });

  it('in August 2026, the days are those of August, in Paris time', async () => {
    const expected = stats({ thisYear: 13, lastYear: 5, thisMonth: 5 }, { '01': 3, '03': 4, '07': 1, '08': 5 }, { '01': 5 });
    expect(await logStatistics(t.ctx.db, new Date('2026-08-15T12:00:00Z'))).toEqual(expected);
    // 2026-07-31T22:30Z is already August 1st in Paris.
    expect(await logStatistics(t.ctx.db, new Date('2026-07-31T22:30:00Z'))).toEqual(expected);
    expect(await logStatistics(t.ctx.db, new Date('2026-07-31T21:30:00Z'))).toEqual(
      stats({ thisYear: 13, lastYear: 5, thisMonth: 1 }, { '01': 3, '03': 4, '07': 1, '08': 5 }, { '31': 1 }),
    );
  });

  it('at the turn of 2027 in Paris, 2026 becomes last year', async () => {
    const expected = stats({ thisYear: 1, lastYear: 13, thisMonth: 1 }, { '01': 1 }, { '01': 1 });
    expect(await logStatistics(t.ctx.db, new Date('2026-12-31T23:00:00Z'))).toEqual(expected);
    expect(await logStatistics(t.ctx.db, new Date('2027-01-01T00:00:00Z'))).toEqual(expected);
    // Still 2026 in Paris at 22:59 UTC.
    expect(await logStatistics(t.ctx.db, new Date('2026-12-31T22:59:00Z'))).toEqual(
      stats({ thisYear: 13, lastYear: 5, thisMonth: 0 }, { '01': 3, '03': 4, '07': 1, '08': 5 }),
    );
  });

  it('in 2025: this year holds 2025 in Paris time, last year 2024', async () => {
    expect(await logStatistics(t.ctx.db, new Date('2025-12-31T22:59:00Z'))).toEqual(
      stats({ thisYear: 1 + 3 + 1, lastYear: 1, thisMonth: 1 }, { '01': 1, '06': 3, '12': 1 }, { '31': 1 }),
    );
  });

  it('two years later, nothing of these entries counts', async () => {
    expect(await logStatistics(t.ctx.db, new Date('2029-05-05T12:00:00Z'))).toEqual(stats({}));
  });
});
