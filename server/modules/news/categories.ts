/**
 * News categories (SPEC sections 2 "/news/categories", 3 "News category", 4, 7, 8): a
 * status resource (server/lib/status-resource.ts) at `/api/news/{all, togglestatus, store, getCategoryRoles,
 * update, :id}`, names unique per language without regard to case, and no delete while articles use it.
 */
import { eq, sql } from 'drizzle-orm';
import type { Status } from '../../../contract/fields';
import { categoryBody, categoryResponse, categoryUpdateBody, type CategoryResponse } from '../../../contract/news';
import { NEWS_CATEGORIES } from '../../../contract/resources';
import type { Db } from '../../db/client';
import { newsCategories } from '../../db/schema';
import { fieldError } from '../../lib/errors';
import { defineStatusResource } from '../../lib/status-resource';
import { rowsOf } from '../../db/rows';

type CategoryRow = typeof newsCategories.$inferSelect;

/** Row -> API object. */
export function toCategoryResponse(row: CategoryRow): CategoryResponse {
  return {
    id: row.id,
    name_fr: row.nameFr,
    name_en: row.nameEn,
    status: row.status as Status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * How many pending news items and published articles use category `id`.
 * @returns counts, each >= 0 (two indexed counts)
 */
export async function categoryUsage(db: Db, id: number): Promise<{ pending: number; published: number }> {
  const [row] = await rowsOf<{ pending: number; published: number }>(db, sql`
    select (select count(*) from news where newscategory_id = ${id})::int as pending,
           (select count(*) from published_articles where newscategory_id = ${id})::int as published`);
  return { pending: Number(row.pending), published: Number(row.published) };
}

/** Text of the refusal to delete a category in use. */
export function categoryInUseMessage(pending: number, published: number): string {
  const total = pending + published;
  const n = total.toLocaleString('fr-FR');
  return `Cette catégorie est utilisée par ${n} article${total > 1 ? 's' : ''} (${pending.toLocaleString('fr-FR')} en attente, ${published.toLocaleString('fr-FR')} publié${published > 1 ? 's' : ''})\u00a0: elle ne peut pas être effacée. Désactivez-la plutôt.`;
}

/** News categories as a status resource. */
export const categoriesResource = defineStatusResource({
  table: newsCategories,
  notFound: NEWS_CATEGORIES.notFound,
  unique: {
    news_categories_name_fr_lower_uq: { field: 'name_fr', message: 'Ce nom (FR) de catégorie est déjà utilisé.' },
    news_categories_name_en_lower_uq: { field: 'name_en', message: 'Ce nom (EN) de catégorie est déjà utilisé.' },
  },
  response: categoryResponse,
  toResponse: toCategoryResponse,
  http: { tag: 'News', paths: NEWS_CATEGORIES.paths },
  store: { body: categoryBody, values: (_db, input) => ({ nameFr: input.name_fr, nameEn: input.name_en, status: input.status }) },
  update: { body: categoryUpdateBody, values: (_db, input) => ({ nameFr: input.name_fr, nameEn: input.name_en }) },
  guardDelete: async (id, _actor, db) => {
    const { pending, published } = await categoryUsage(db, id);
    if (pending + published > 0) throw fieldError('destroy', categoryInUseMessage(pending, published));
  },
});

/** Active categories, by French name (`allvalides`). */
export async function activeCategories(db: Db): Promise<CategoryRow[]> {
  return db.select().from(newsCategories).where(eq(newsCategories.status, 1)).orderBy(newsCategories.nameFr);
}
