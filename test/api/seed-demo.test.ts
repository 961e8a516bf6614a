/**
 * The demo seed (server/seed/demo.ts): real SIRENs, every module's data, two years of log, idempotent; and
 * no made-up fact about a real company (issue 6 section 3): no log description names a listed company or
 * states a legal or corporate event.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidSiren } from '../../contract/siren';
import { listedCompanies, seedDemo } from '../../server/seed/demo';
import { createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Upper case, no accents, words separated by single spaces, padded with one space each side. */
const words = (text: string) => ` ${text.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim()} `;

/**
 * Stems of words that state an event in a company's life: collective procedures and court decisions,
 * closures and removals from the register, and the corporate changes the feeds report.
 */
const EVENT_STEMS = [
  'procedure', 'collective', 'redressement', 'liquidation', 'cessation', 'jugement', 'radiation', 'radie', 'sauvegarde',
  'faillite', 'insolvab', 'conciliation', 'mandataire', 'administrateur judiciaire', 'dissolution', 'condamn', 'sanction',
  'fermeture', 'fusion', 'absorption', 'cession', 'vente', 'transfert', 'capital', 'dirigeant', 'nomination', 'mandat',
  'beneficiaire', 'denomination', 'effectif', 'etablissement', 'comptes', 'bilan', 'siege', 'forme juridique', 'bodacc',
];

const rows = async <T>(q: ReturnType<typeof sql>) => ((await t.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;

describe('seedDemo', () => {
  it('fills every module with real data, then changes nothing on a second run', async () => {
    const now = new Date('2026-06-15T12:00:00Z');
    expect(await seedDemo(t.ctx, { logEntries: 2000, now })).toEqual({
      admins: 3,
      customers: 3,
      groups: 3,
      logEntries: 2000,
      newsCategories: 6,
      pendingNews: 200,
      publishedArticles: 1000,
    });

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

    const news = (await root.post('/api/news/filter', { pagination: { per_page: 10 } })).json() as { total: number; data: Array<{ newscategory: { name_fr: string } }> };
    expect(news.total).toBe(200);
    expect(news.data.every((n) => n.newscategory.name_fr.length > 0)).toBe(true);
    const [pub] = await rows<{ n: number; sirens: number }>(sql`select count(*)::int as n, count(distinct siren)::int as sirens from published_articles`);
    expect(pub.n).toBe(1000);
    const published = await rows<{ siren: string }>(sql`select distinct siren from published_articles union select distinct siren from news`);
    expect(published.every((s) => listed.has(s.siren))).toBe(true);

    expect(await seedDemo(t.ctx, { logEntries: 2000, now })).toEqual({
      admins: 0,
      customers: 0,
      groups: 0,
      logEntries: 0,
      newsCategories: 0,
      pendingNews: 0,
      publishedArticles: 0,
    });
  });

  it('writes log descriptions and news titles that name no listed company and state no event (issue 6 section 3)', async () => {
    await seedDemo(t.ctx, { logEntries: 2000, now: new Date('2026-06-15T12:00:00Z') });
    const texts = (
      await rows<{ description: string }>(sql`select distinct description from update_log union select distinct title from news union select distinct title from published_articles`)
    ).map((r) => r.description);
    expect(texts.length).toBeGreaterThan(0);
    const names = listedCompanies().map((c) => c.name);
    const found = texts.flatMap((text) => [
      ...names.filter((name) => words(text).includes(words(name))).map((name) => `${text}: company ${name}`),
      ...EVENT_STEMS.filter((stem) => words(text).includes(words(stem).trimEnd())).map((stem) => `${text}: event word ${stem}`),
    ]);
    expect(found).toEqual([]);
  });
});
