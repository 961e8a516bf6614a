/**
 * Demo news (`npm run seed:demo`): one item per real BODACC notice of the demo samples (server/seed/demo-notices.ts)
 * that names a company by its SIREN, stating only that the notice was published (CONVENTIONS.md section 7 "Data
 * truth"):
 * - SIREN and name: the notice's company (its first registered person, `Notice.sirens[0]`, and `companyName`);
 * - title: `BELLEVUE : Vente et cession — BODACC A n°20210005 du 08/01/2021` (the update log's wording of the
 *   notice, `logDescription`, a correction or a cancellation said so);
 * - category: the notice's family (`Ventes et cessions`, `Créations`…, created when missing, matched by name);
 * - posted: the issue date (midnight, Paris), source `BODACC`, link: the notice on bodacc.fr.
 * The sales wait in the pending list (`news`); the other notices are published (`published_articles`).
 * Idempotent: an item whose SIREN and link are already pending or published is not written again.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { news, newsCategories, publishedArticles } from '../db/schema';
import { FAMILIES, type FamilyCode } from '../modules/feeds/bodacc/families';
import { logDescription, type Notice } from '../modules/feeds/bodacc/notice';

/** English names of the categories (one per notice family; the French one is the family's label). */
export const FAMILY_CATEGORY_EN: Record<FamilyCode, string> = {
  vente: 'Sales and transfers',
  creation: 'Creations',
  immatriculation: 'Registrations',
  modification: 'Various changes',
  radiation: 'Removals from the register',
  dpc: 'Filed accounts',
  collective: 'Insolvency proceedings',
  divers: 'Miscellaneous notices',
};
/** Source of the demo news. */
export const NEWS_SOURCE = 'BODACC';

/** What `seedDemoNews` created. */
export interface DemoNewsCreated {
  newsCategories: number;
  pendingNews: number;
  publishedArticles: number;
}

/** One demo news item: the notice and what is written of it. */
export interface DemoNewsItem {
  siren: string;
  name: string | null;
  title: string;
  family: FamilyCode;
  /** Issue date `YYYY-MM-DD`. */
  issueDate: string;
  url: string;
  /** True: the pending list; false: published. */
  pending: boolean;
}

/** The news item of each notice that names a company by its SIREN (see the module comment). */
export function newsItems(notices: Notice[]): DemoNewsItem[] {
  return notices
    .filter((n) => n.sirens.length > 0)
    .map((n) => {
      const siren = n.sirens[0];
      return {
        siren,
        name: n.companyName,
        title: `${n.companyName ?? `SIREN ${siren}`}\u00a0: ${logDescription(n)}`,
        family: n.family,
        issueDate: n.issueDate,
        url: n.url,
        pending: n.family === 'vente',
      };
    });
}

/** The category of each family of `families` (created when missing), by family. */
async function ensureCategories(db: Db, families: FamilyCode[]): Promise<{ byFamily: Map<FamilyCode, { id: number; nameFr: string }>; created: number }> {
  const existing = await db.select({ id: newsCategories.id, nameFr: newsCategories.nameFr }).from(newsCategories);
  const byName = new Map(existing.map((c) => [c.nameFr.toLowerCase(), c]));
  const byFamily = new Map<FamilyCode, { id: number; nameFr: string }>();
  let created = 0;
  for (const family of families) {
    const nameFr = FAMILIES[family].label;
    let row = byName.get(nameFr.toLowerCase());
    if (!row) {
      [row] = await db.insert(newsCategories).values({ nameFr, nameEn: FAMILY_CATEGORY_EN[family], status: 1 }).returning({ id: newsCategories.id, nameFr: newsCategories.nameFr });
      byName.set(nameFr.toLowerCase(), row);
      created += 1;
    }
    byFamily.set(family, row);
  }
  return { byFamily, created };
}

/** Midnight of `day` (`YYYY-MM-DD`) in Paris, as the posted instant. */
const parisMidnight = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Paris'`;

/** Seeds the demo news of `notices` (server/seed/demo-notices.ts), in one transaction. */
export async function seedDemoNews(db: Db, notices: Notice[]): Promise<DemoNewsCreated> {
  const items = newsItems(notices);
  const categories = await ensureCategories(db, [...new Set(items.map((i) => i.family))]);
  const created: DemoNewsCreated = { newsCategories: categories.created, pendingNews: 0, publishedArticles: 0 };
  if (items.length === 0) return created;

  const urls = [...new Set(items.map((i) => i.url))];
  const present = new Set(
    [
      ...(await db.select({ siren: news.siren, url: news.url }).from(news).where(inArray(news.url, urls))),
      ...(await db.select({ siren: publishedArticles.siren, url: publishedArticles.url }).from(publishedArticles).where(inArray(publishedArticles.url, urls))),
    ].map((r) => `${r.siren} ${r.url}`),
  );
  const missing = items.filter((i) => !present.has(`${i.siren} ${i.url}`));
  const pending = missing.filter((i) => i.pending);
  const published = missing.filter((i) => !i.pending);
  await db.transaction(async (tx) => {
    // The columns a pending news row and a published article share; the category's name is `category_name` in
    // the former and `theme` in the latter.
    const common = (i: (typeof items)[number]) => {
      const category = categories.byFamily.get(i.family)!;
      const row = { siren: i.siren, name: i.name, title: i.title, newscategoryId: category.id, posted: parisMidnight(i.issueDate), source: NEWS_SOURCE, url: i.url };
      return { row, categoryName: category.nameFr };
    };
    if (pending.length) {
      const values = pending.map(common).map(({ row, categoryName }) => ({ ...row, categoryName }));
      const rows = await tx.insert(news).values(values).returning({ id: news.id });
      created.pendingNews = rows.length;
    }
    if (published.length) {
      const values = published.map(common).map(({ row, categoryName }) => ({ ...row, theme: categoryName }));
      const rows = await tx.insert(publishedArticles).values(values).returning({ id: publishedArticles.id });
      created.publishedArticles = rows.length;
    }
  });
  return created;
}
