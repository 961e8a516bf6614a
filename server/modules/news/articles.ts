/**
 * Pending news and published articles (SPEC sections 2 "/news", "Ajouter un article", "Effacer un article",
 * 7 "News"):
 * - the pending list (`filter`), sorted on every column, searched by SIREN, title or category;
 * - Synchroniser (`syncall`): every pending item published in one statement, each with a new stable
 *   `identifier` and its category's French name as `theme`, as one numbered batch (undone by ./sync-batches.ts);
 * - `addnews`: one article published at once, by the same rules as an import row;
 * - `hows/listbysiren` and `hows/removebyidentifier`: a SIREN's published articles, and their removal.
 * Each write records its route's audit entry in its transaction (server/lib/audit.ts).
 */
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { FilterBody } from '../../../contract/listing';
import type { addNewsBody, newsItem, publishedArticle } from '../../../contract/news';
import type { Db } from '../../db/client';
import { newsCategories, publishedArticles } from '../../db/schema';
import { auditedWrite, diffChanges, recordAudit } from '../../lib/audit';
import { fieldError, notFound, validationError } from '../../lib/errors';
import { runList, type ListSpec } from '../../http/listing';
import { PROBE_SIZE, sampledSearchPlan } from '../../http/sampled-search';
import { isUniqueViolation } from '../../db/errors';
import { CategoryIndex, checkArticle } from './article-rules';
import { PENDING_DUPLICATE, PUBLISHED_DUPLICATE } from './duplicates';
import { escapeLike } from '../../lib/like';
import { sirenPrefixSql } from '../../lib/siren-sql';
import { rowsOf } from '../../db/rows';

/** A pending news item as the list answers it (contract/news.ts). */
type NewsRow = z.output<typeof newsItem>;

const NEWS_ROWS = sql`(select rows from news_counts where id = 1)`;

/** Search term of the rows that came from one import: `import:` then the import job's id (a quick-search chip of /news). */
export const IMPORT_TERM = /^import:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The condition of a search term on the pending news (alias `n`): `import:<job id>` (the rows of one import,
 * through `news_job_idx`), a SIREN or its first digits (through the (siren, url) unique index), else the title
 * (trigram index) or a category whose French or English name contains it.
 */
export async function newsCondition(db: Db, term: string): Promise<{ cond: SQL; text: boolean }> {
  const job = IMPORT_TERM.exec(term);
  if (job) return { cond: sql`n.job_id = ${job[1].toLowerCase()}::uuid`, text: false };
  const digits = term.replace(/\s+/g, '');
  if (/^\d{1,9}$/.test(digits)) {
    return { cond: sirenPrefixSql(sql`n.siren`, digits), text: false };
  }
  const like = '%' + escapeLike(term) + '%';
  const ids = (await db.select({ id: newsCategories.id }).from(newsCategories).where(or(ilike(newsCategories.nameFr, like), ilike(newsCategories.nameEn, like)))).map((c) => c.id);
  const byCategory = ids.length ? sql` or n.newscategory_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})` : sql``;
  return { cond: sql`(n.title ilike ${like}${byCategory})`, text: true };
}

/**
 * The list of pending news for the search of `body` (alias `n`). Sort: id, siren, title, newscategory (French
 * name), posted, each through an index; the unfiltered total comes from `news_counts`; a free-text search is
 * planned on a sample (server/http/sampled-search.ts).
 */
export async function pendingNewsSpec(db: Db, body: FilterBody): Promise<ListSpec> {
  const term = body.search?.trim() ?? '';
  const search = term ? await newsCondition(db, term) : undefined;
  const plan = search?.text
    ? await sampledSearchPlan(db, {
        probe: sql`(select n.title, n.newscategory_id from news n order by n.id desc limit ${PROBE_SIZE}) n`,
        cond: search.cond,
        rows: NEWS_ROWS,
      })
    : {};
  return {
    ...plan,
    select: sql`n.id::int as id, n.siren, n.name, n.title, n.newscategory_id, json_build_object('id', n.newscategory_id, 'name_fr', n.category_name) as newscategory,
      to_char(n.posted at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as posted, n.source, n.url`,
    from: sql`news n`,
    sortable: { id: sql`n.id`, siren: sql`n.siren`, title: sql`n.title`, newscategory: sql`n.category_name`, posted: sql`n.posted` },
    search: () => search?.cond,
    total: (t) => (t ? undefined : sql`select rows as total from news_counts where id = 1`),
  };
}

/** One page of pending news (`pendingNewsSpec`). */
export async function filterNews(db: Db, body: FilterBody, page: number) {
  return runList<NewsRow>(db, await pendingNewsSpec(db, body), body, page);
}

/** Text of the Synchroniser toast: how many articles were published (0 included). */
export function publishedMessage(count: number): string {
  if (count === 0) return 'Aucun article publié\u00a0: aucune news en attente.';
  return `${count.toLocaleString('fr-FR')} article${count > 1 ? 's publiés' : ' publié'} avec succès\u202f!`;
}

/**
 * Synchroniser: publishes every pending news item and removes it from the pending list, as one numbered batch
 * (`news_sync_batches`, which each article it published names: ./sync-batches.ts undoes it), in one transaction.
 * An item whose SIREN and link were published meanwhile is dropped, not published twice. Nothing pending, or
 * nothing published, leaves no batch.
 * @param adminId - the administrator recorded as the batch's author
 * @returns how many articles were published
 */
export async function syncAll(db: Db, adminId: number | null): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    const [pending] = await rowsOf<{ rows: number }>(tx, sql`select coalesce((select rows from news_counts where id = 1), 0)::int as rows`);
    if (Number(pending.rows) === 0) return 0;
    const [batch] = await rowsOf<{ id: number }>(tx, sql`insert into news_sync_batches (articles, created_by) values (0, ${adminId}) returning id`);
    const [row] = await rowsOf<{ n: number }>(tx, sql`
      with gone as (
        delete from news n using news_categories c where c.id = n.newscategory_id
        returning n.id, n.siren, n.name, n.title, n.newscategory_id, c.name_fr as theme, n.posted, n.source, n.url
      ), ins as (
        insert into published_articles (siren, name, title, newscategory_id, theme, posted, source, url, news_id, sync_batch_id)
        select siren, name, title, newscategory_id, theme, posted, source, url, id, ${batch.id} from gone order by id
        on conflict (siren, url) do nothing
        returning 1
      ) select count(*)::int as n from ins`);
    const count = Number(row.n);
    if (count === 0) await tx.execute(sql`delete from news_sync_batches where id = ${batch.id}`);
    else {
      await tx.execute(sql`update news_sync_batches set articles = ${count} where id = ${batch.id}`);
      await recordAudit(tx, { resourceId: batch.id, details: { count } });
    }
    return count;
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
    const [dup] = await rowsOf<{ pending: boolean; published: boolean }>(db, sql`
      select exists (select 1 from news where siren = ${checked.siren} and url = ${checked.url}) as pending,
             exists (select 1 from published_articles where siren = ${checked.siren} and url = ${checked.url}) as published`);
    if (dup.published) errors.url = [PUBLISHED_DUPLICATE];
    else if (dup.pending) errors.url = [PENDING_DUPLICATE];
  }
  if (Object.keys(errors).length) throw validationError(errors);
  try {
    return await auditedWrite(
      db,
      async (tx) => {
        const [row] = await tx
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
      },
      (article) => ({ resourceId: article.identifier, changes: diffChanges(null, article) }),
    );
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

/** Removes a published article by SIREN and identifier (both must match), with its route's audit entry (the article as it was). @throws AppError 404 */
export async function removeByIdentifier(db: Db, siren: string, identifier: string): Promise<void> {
  const deleted = await auditedWrite(
    db,
    (tx) =>
      tx
        .delete(publishedArticles)
        .where(and(eq(publishedArticles.siren, siren), eq(publishedArticles.identifier, identifier)))
        .returning(),
    ([row]) => (row ? { changes: diffChanges(toArticle(row), null) } : null),
  );
  if (!deleted.length) throw notFound('Cet article n’existe pas (déjà effacé\u00a0?).');
}
