/**
 * The demo seed (server/seed/demo.ts): real SIRENs, every module's data, two years of log, idempotent.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidSiren } from '../../server/lib/siren';
import { listedCompanies, seedDemo } from '../../server/seed/demo';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('seedDemo', () => {
  it('fills every module with real data, then changes nothing on a second run', async () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(await seedDemo(t.ctx, { logEntries: 2000, now })).toEqual({ admins: 3, customers: 3, groups: 3, logEntries: 2000 });

    const root = await t.superAdmin();
    const groups = (await root.get('/api/groups/all')).json() as Array<{ name: string; sirens_count: number; status: number }>;
    expect(Object.fromEntries(groups.map((g) => [g.name, g.sirens_count]))).toEqual({ VIP: 8, Favoris: 5, 'CAC 40': 38 });

    const [span] = await rows<{ oldest: string; newest: string; sirens: number }>(sql`
      select min(created_at)::text as oldest, max(created_at)::text as newest, count(distinct siren)::int as sirens from update_log`);
    expect(new Date(span.oldest).getTime()).toBeLessThan(new Date('2024-07-01T00:00:00Z').getTime());
    expect(new Date(span.newest).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(span.sirens).toBeGreaterThan(30);
    const listed = new Set(listedCompanies().map((c) => c.siren));
    const sirens = await rows<{ siren: string }>(sql`select distinct siren from update_log`);
    expect(sirens.every((s) => listed.has(s.siren) && isValidSiren(s.siren))).toBe(true);

    const stats = (await root.get('/api/messages/getdatas')).json();
    expect(stats.thisYear + stats.lastYear).toBeGreaterThan(0);

    expect(await seedDemo(t.ctx, { logEntries: 2000, now })).toEqual({ admins: 0, customers: 0, groups: 0, logEntries: 0 });
  });
});
