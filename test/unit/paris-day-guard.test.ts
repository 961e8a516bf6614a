/**
 * The tests' guard against Paris midnight (test/helpers/paris-day.ts): `onOneParisDay` runs a check once within a
 * day, once more only when a failed run crossed midnight, and never hides a failure of one day; `parisDaysSince`
 * gives the days an answer dated meanwhile may carry; the calendar steps of `dayBefore` across month and year ends.
 * The crossing is simulated with a clock the test moves, read by both the check and a small "server".
 */
import { describe, expect, it } from 'vitest';
import { parisDay } from '../../server/lib/paris-day';
import { dayBefore, frenchDay, onOneParisDay, parisDaysSince } from '../helpers/paris-day';

/** A clock that moves only when told, and the Paris day it reads. */
function clock(iso: string) {
  let now = Date.parse(iso);
  return {
    tick: (ms: number) => {
      now += ms;
    },
    reset: () => {
      now = Date.parse(iso);
    },
    day: () => parisDay(new Date(now)),
  };
}

/** A day reader answering `days` one after the other, counting its reads. */
function reader(...days: string[]) {
  const read = { count: 0, fn: () => days[Math.min(read.count++, days.length - 1)] };
  return read;
}

describe('onOneParisDay', () => {
  it('runs a passing block once, with the day read before it', async () => {
    const days: string[] = [];
    const read = reader('2026-11-28', '2026-11-28');
    expect(await onOneParisDay(async (day) => (days.push(day), 'ok'), read.fn)).toBe('ok');
    expect(days).toEqual(['2026-11-28']);
    expect(read.count).toBe(1);
  });

  it('throws the failure of a block that did not cross midnight, without running it again', async () => {
    let runs = 0;
    const read = reader('2026-11-28', '2026-11-28', '2026-11-28');
    const failing = onOneParisDay(async () => {
      runs += 1;
      throw new Error('real failure');
    }, read.fn);
    await expect(failing).rejects.toThrow('real failure');
    expect(runs).toBe(1);
  });

  it('runs a failed block again with the new day when midnight passed during it, and answers that run', async () => {
    const days: string[] = [];
    const read = reader('2026-11-28', '2026-11-29', '2026-11-29');
    const out = await onOneParisDay(async (day) => {
      days.push(day);
      if (days.length === 1) throw new Error('crossing');
      return day;
    }, read.fn);
    expect(out).toBe('2026-11-29');
    expect(days).toEqual(['2026-11-28', '2026-11-29']);
  });

  it('keeps the result of a block that passed although midnight passed during it', async () => {
    let runs = 0;
    const read = reader('2026-12-31', '2027-01-01');
    expect(await onOneParisDay(async () => ++runs, read.fn)).toBe(1);
    expect(runs).toBe(1);
    expect(read.count).toBe(1);
  });

  it('throws the second run’s failure: a block failing on both days still fails', async () => {
    const read = reader('2026-11-28', '2026-11-29', '2026-11-29');
    let runs = 0;
    const failing = onOneParisDay(async (day) => {
      runs += 1;
      throw new Error(`failure on ${day}`);
    }, read.fn);
    await expect(failing).rejects.toThrow('failure on 2026-11-29');
    expect(runs).toBe(2);
  });

  it('makes a check of today’s counter, run across midnight in Paris (winter and summer time, year end), never fail', async () => {
    for (const start of ['2026-11-28T22:59:59.950Z', '2026-07-31T21:59:59.950Z', '2026-12-31T22:59:59.950Z']) {
      const c = clock(start);
      // The server counts each call on its own Paris day, and answers the count of its today.
      const counts = new Map<string, number>();
      const server = {
        call: () => counts.set(c.day(), (counts.get(c.day()) ?? 0) + 1),
        today: () => counts.get(c.day()) ?? 0,
      };
      // The check: three calls of 20 ms each, then today's count; started 50 ms before midnight, it crosses it.
      let runs = 0;
      const check = async (day: string) => {
        runs += 1;
        counts.clear();
        for (let i = 0; i < 3; i++) {
          server.call();
          c.tick(20);
        }
        expect(server.today(), `${start} ${day}`).toBe(3);
      };
      await expect(check(c.day()), start).rejects.toThrow();

      c.reset();
      runs = 0;
      await onOneParisDay(check, c.day);
      expect(runs, start).toBe(2);
    }
  });
});

describe('parisDaysSince', () => {
  it('is the first day alone within a day, both days across midnight', () => {
    expect(parisDaysSince('2026-11-28', '2026-11-28')).toEqual(['2026-11-28']);
    expect(parisDaysSince('2026-11-28', '2026-11-29')).toEqual(['2026-11-28', '2026-11-29']);
  });
});

describe('dayBefore and frenchDay', () => {
  it('step back over month and year ends, leap days included, and forward', () => {
    expect(dayBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(dayBefore('2028-03-01', 1)).toBe('2028-02-29');
    expect(dayBefore('2027-01-01', 1)).toBe('2026-12-31');
    expect(dayBefore('2026-11-29', 29)).toBe('2026-10-31');
    expect(dayBefore('2026-12-31', -1)).toBe('2027-01-01');
    expect(dayBefore('2026-03-29', 0)).toBe('2026-03-29');
  });
  it('writes a day the French way', () => {
    expect(frenchDay('2026-01-05')).toBe('05/01/2026');
  });
});
