/**
 * Pending news and published articles (SPEC sections 2 "/news", "Ajouter un article", "Effacer un article",
 * 7 "News"; issue 8 sections 1 and 4):
 * - the pending list (`filter`), sorted on every column, searched by SIREN, title or category;
 * - Synchroniser (`syncall`): every pending item published in one statement, each with a new stable
 *   `identifier` and its category's French name as `theme`;
 * - `addnews`: one article published at once, by the same rules as an import row;
 * - `hows/listbysiren` and `hows/removebyidentifier`: a SIREN's published articles, and their removal.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FilterBody } from '../../../contract/listing';
import type { addNewsBody, publishedArticle } from '../../../contract/news';
import type { Db } from '../../db/client';
import { newsCategories, publishedArticles } from '../../db/schema';
import { fieldError, notFound, validationError } from '../../http/errors';
import { runList } from '../../http/listing';
import { isUniqueViolation } from '../../lib/db-errors';
import { CategoryIndex, checkArticle } from './article-rules';
import { PENDING_DUPLICATE, PUBLISHED_DUPLICATE } from './duplicates';
import { escapeLike } from './imports';

type NewsRow = {
  id: number;
  siren: string;
  name: string | null;
  title: string;
  newscategory_id: number;
  newscategory: { id: number; name_fr: string };
  posted: string;
  source: string | null;
  url: string;
};

/** One page of pending news. Sort: id, siren, title, newscategory (French name), posted. */
export function filterNews(db: Db, body: FilterBody, page: number) {
  return runList<NewsRow>(
    db,
    {
      select: sql`n.id::int as id, n.siren, n.name, n.title, n.newscategory_id, json_build_object('id', c.id, 'name_fr', c.name_fr) as newscategory,
        to_char(n.posted at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as posted, n.source, n.url`,
      from: sql`news n join news_categories c on c.id = n.newscategory_id`,
      sortable: { id: sql`n.id`, siren: sql`n.siren`, title: sql`n.title`, newscategory: sql`c.name_fr`, posted: sql`n.posted` },
      tieBreaker: sql`n.id`,
      search: (term) => {
        const digits = term.replace(/\s+/g, '');
        if (/^\d{1,9}$/.test(digits)) return sql`n.siren like ${digits + '%'}`;
        const like = '%' + escapeLike(term) + '%';
        return sql`(n.title ilike ${like} or n.newscategory_id in (select id from news_categories where name_fr ilike ${like} or name_en ilike ${like}))`;
      },
    },
    body,
    page,
  );
}

/** Text of the Synchroniser toast: how many articles were published (0 included). */
export function publishedMessage(count: number): string {
  if (count === 0) return 'Aucun article publié\u00a0: aucune news en attente.';
  return `${count.toLocaleString('fr-FR')} article${count > 1 ? 's publiés' : ' publié'} avec succès!`;
}

/**
 * Synchroniser: publishes every pending news item and removes it from the pending list, in one statement
 * (one transaction). An item whose SIREN and link were published meanwhile is dropped, not published twice.
 * @returns how many articles were published
 */
export async function syncAll(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    const res = (await tx.execute(sql`
      with gone as (
        delete from news n using news_categories c where c.id = n.newscategory_id
        returning n.id, n.siren, n.name, n.title, n.newscategory_id, c.name_fr as theme, n.posted, n.source, n.url
      ), ins as (
        insert into published_articles (siren, name, title, newscategory_id, theme, posted, source, url, news_id)
        select siren, name, title, newscategory_id, theme, posted, source, url, id from gone order by id
        on conflict (siren, url) do nothing
        returning 1
      ) select count(*)::int as n from ins`)) as unknown as { rows: Array<{ n: number }> };
    return Number(res.rows[0].n);
  });
}

type PublishedArticle = z.output<typeof publishedArticle>;
type PublishedRow = typeof publishedArticles.$inferSelect;

/** Row -> SPEC "Article to delete" object. */
function toArticle(row: Pick<PublishedRow, 'siren' | 'identifier' | 'title' | 'theme' | 'posted'>): PublishedArticle {
  return { siren: row.siren, identifier: row.identifier, title: row.title, theme: row.theme, date: row.posted.toISOString() };
}

/**
 * Publishes one article typed by hand (`addnews`), checked like an import row: an active category, the
 * SIREN rule, a title, a date, an http(s) link, and no pending or published article with the same SIREN and link.
 * @throws AppError 422 with the field errors
 */
export async function addArticle(db: Db, input: z.output<typeof addNewsBody>): Promise<PublishedArticle> {
  const rows = await db.select({ id: newsCategories.id, nameFr: newsCategories.nameFr, nameEn: newsCategories.nameEn, status: newsCategories.status }).from(newsCategories).where(eq(newsCategories.id, input.newscategory_id));
  const checked = checkArticle(
    { siren: input.siren, name: input.name ?? '', title: input.title, category: '', posted: input.posted, source: input.source ?? '', url: input.url },
    new CategoryIndex(rows),
    input.newscategory_id,
  );
  const errors: Record<string, string[]> = {};
  for (const [field, message] of Object.entries(checked.errors)) errors[field] = [message];
  if (!errors.url && checked.siren) {
    const dup = (await db.execute(sql`
      select exists (select 1 from news where siren = ${checked.siren} and url = ${checked.url}) as pending,
             exists (select 1 from published_articles where siren = ${checked.siren} and url = ${checked.url}) as published`)) as unknown as {
      rows: Array<{ pending: boolean; published: boolean }>;
    };
    if (dup.rows[0].published) errors.url = [PUBLISHED_DUPLICATE];
    else if (dup.rows[0].pending) errors.url = [PENDING_DUPLICATE];
  }
  if (Object.keys(errors).length) throw validationError(errors);
  try {
    const [row] = await db
      .insert(publishedArticles)
      .values({
        siren: checked.siren!,
        name: checked.name,
        title: checked.title,
        newscategoryId: checked.category!.id,
        theme: checked.category!.nameFr,
        posted: checked.posted!,
        source: checked.source,
        url: checked.url,
      })
      .returning();
    return toArticle(row);
  } catch (err) {
    if (isUniqueViolation(err, 'published_articles_siren_url_uq')) throw fieldError('url', PUBLISHED_DUPLICATE);
    throw err;
  }
}

/** Most articles `listbysiren` returns (newest first). */
export const LIST_BY_SIREN_MAX = 1000;

/** The published articles of a SIREN, newest first (at most LIST_BY_SIREN_MAX). */
export async function listBySiren(db: Db, siren: string): Promise<PublishedArticle[]> {
  const rows = await db
    .select({ siren: publishedArticles.siren, identifier: publishedArticles.identifier, title: publishedArticles.title, theme: publishedArticles.theme, posted: publishedArticles.posted })
    .from(publishedArticles)
    .where(eq(publishedArticles.siren, siren))
    .orderBy(desc(publishedArticles.posted), desc(publishedArticles.id))
    .limit(LIST_BY_SIREN_MAX);
  return rows.map(toArticle);
}

/** Removes a published article by SIREN and identifier (both must match). @throws AppError 404 */
export async function removeByIdentifier(db: Db, siren: string, identifier: string): Promise<void> {
  const deleted = await db
    .delete(publishedArticles)
    .where(and(eq(publishedArticles.siren, siren), eq(publishedArticles.identifier, identifier)))
    .returning({ id: publishedArticles.id });
  if (!deleted.length) throw notFound('Cet article n’existe pas (déjà effacé\u00a0?).');
}
