/**
 * Demo news (issue 8 section 5): six categories, 200 pending news items and 1,000 published articles on
 * the demo SIRENs (the listed companies). Titles are neutral and marked as demonstration
 * ('Article de démonstration n° 12'), links point to example.com: no made-up event next to a real
 * SIREN (issue 6 section 3). Idempotent: categories are matched by name, and the articles are written
 * only when there are none.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { news, newsCategories, publishedArticles } from '../db/schema';

/** The demo categories (French, English). */
export const DEMO_CATEGORIES: ReadonlyArray<readonly [string, string]> = [
  ['Économie', 'Economy'],
  ['Finance', 'Finance'],
  ['Industrie', 'Industry'],
  ['Innovation', 'Innovation'],
  ['International', 'International'],
  ['Société', 'Society'],
];

const SOURCES = ['Agence de démonstration', 'Journal exemple', 'Lettre fictive'];

/** What `seedDemoNews` created. */
export interface DemoNewsCreated {
  newsCategories: number;
  pendingNews: number;
  publishedArticles: number;
}

/**
 * Seeds the demo news on `companies`.
 * @param random - a [0, 1) generator (deterministic in the demo)
 */
export async function seedDemoNews(db: Db, companies: Array<{ name: string; siren: string }>, now: Date, random: () => number): Promise<DemoNewsCreated> {
  const created: DemoNewsCreated = { newsCategories: 0, pendingNews: 0, publishedArticles: 0 };
  const existing = await db.select().from(newsCategories);
  const byName = new Map(existing.map((c) => [c.nameFr.toLowerCase(), c]));
  for (const [nameFr, nameEn] of DEMO_CATEGORIES) {
    if (byName.has(nameFr.toLowerCase())) continue;
    const [row] = await db.insert(newsCategories).values({ nameFr, nameEn, status: 1 }).returning();
    byName.set(nameFr.toLowerCase(), row);
    created.newsCategories += 1;
  }
  const categories = DEMO_CATEGORIES.map(([fr]) => byName.get(fr.toLowerCase())!);
  const [{ n }] = ((await db.execute(sql`select (select count(*) from news)::int + (select count(*) from published_articles)::int as n`)) as unknown as {
    rows: Array<{ n: number }>;
  }).rows;
  if (Number(n) > 0) return created;

  const article = (i: number, kind: string) => {
    const company = companies[Math.floor(random() * companies.length)];
    const category = categories[Math.floor(random() * categories.length)];
    return {
      siren: company.siren,
      name: company.name,
      title: `Article de démonstration n°\u00a0${i} (${category.nameFr.toLowerCase()})`,
      category,
      posted: new Date(now.getTime() - Math.floor(random() * 90 * 86_400_000)),
      source: SOURCES[Math.floor(random() * SOURCES.length)],
      url: `https://www.example.com/demo/${kind}/${i}`,
    };
  };
  await db.transaction(async (tx) => {
    const published = Array.from({ length: 1000 }, (_, i) => article(i + 1, 'publie'));
    for (let at = 0; at < published.length; at += 500) {
      const rows = await tx
        .insert(publishedArticles)
        .values(published.slice(at, at + 500).map((a) => ({ siren: a.siren, name: a.name, title: a.title, newscategoryId: a.category.id, theme: a.category.nameFr, posted: a.posted, source: a.source, url: a.url })))
        .returning({ id: publishedArticles.id });
      created.publishedArticles += rows.length;
    }
    const pending = Array.from({ length: 200 }, (_, i) => article(1001 + i, 'en-attente'));
    const rows = await tx
      .insert(news)
      .values(pending.map((a) => ({ siren: a.siren, name: a.name, title: a.title, newscategoryId: a.category.id, categoryName: a.category.nameFr, posted: a.posted, source: a.source, url: a.url })))
      .returning({ id: news.id });
    created.pendingNews += rows.length;
  });
  return created;
}
