/**
 * The rule errors of an `addnews` body that breaks its schema (SPEC section 5: every field error at once): the
 * schema checks the SIREN, the title and the presence of each field, the article rules (`checkArticle`, those of
 * an import row) check the date, the link and the category. Both sets are given in one 422, each field keeping the
 * schema's message when it has one.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsCategories } from '../../db/schema';
import type { FieldErrors } from '../../lib/errors';
import { CategoryIndex, checkArticle } from './article-rules';

/** `value` when it is text or a number (as text), else ''. */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * The article rules' errors of the raw `addnews` body `body`, for the fields the schema found no fault with.
 * @param schemaErrors - the schema's field map (its fields are left out here)
 * @returns a field map (empty when the rules find nothing more)
 */
export async function addNewsRuleErrors(db: Db, body: unknown, schemaErrors: FieldErrors): Promise<FieldErrors> {
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const categoryId = Number(textOf(raw.newscategory_id));
  const validId = Number.isInteger(categoryId) && categoryId > 0 && categoryId <= 2147483647;
  const rows = validId
    ? await db
        .select({ id: newsCategories.id, nameFr: newsCategories.nameFr, nameEn: newsCategories.nameEn, status: newsCategories.status })
        .from(newsCategories)
        .where(eq(newsCategories.id, categoryId))
    : [];
  const checked = checkArticle(
    { siren: textOf(raw.siren), name: textOf(raw.name), title: textOf(raw.title), category: '', posted: textOf(raw.posted), source: textOf(raw.source), url: textOf(raw.url) },
    new CategoryIndex(rows),
    validId ? categoryId : 0,
  );
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(checked.errors)) {
    if (!schemaErrors[field] && message) errors[field] = [message];
  }
  return errors;
}
