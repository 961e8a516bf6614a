/**
 * The rules of one article, the same for a CSV row and for `Ajouter un article`
 * (section 4): SIREN by the shared rule (contract/siren.ts; a valid SIRET is taken for its SIREN, and the
 * reduction is noted, `SIRET 55203253400703 → SIREN 552032534`), an active category known by its French or
 * English name (or id), a title, a posted date (server/modules/news/posted-date.ts), an http(s) link, and
 * the lengths the tables hold. Duplicates (same SIREN and link) are checked in SQL (server/modules/news/duplicates.ts).
 */
import { TITLE_MAX, URL_MAX } from '../../../contract/news';
import { stripControlChars } from '../../../contract/control-chars';
import { readSirenOrSiret, siretNote } from '../../../contract/siren';
import { foldName } from '../../lib/csv/layout';
import { parsePostedDate } from './posted-date';

/** An article as typed or read, every field a string ('' when absent). */
export interface RawArticle {
  siren: string;
  name: string;
  title: string;
  category: string;
  posted: string;
  source: string;
  url: string;
}

/** The fields that can carry an error, named as in the API (SPEC section 5). */
export type ArticleField = 'siren' | 'name' | 'title' | 'newscategory_id' | 'posted' | 'source' | 'url';

/** A category as the rules see it. */
export interface CategoryRef {
  id: number;
  nameFr: string;
  status: number;
}


/** Categories by id and by name (French or English; exact case-insensitive first, then without accents). */
export class CategoryIndex {
  private readonly byId = new Map<number, CategoryRef>();
  private readonly byLower = new Map<string, CategoryRef>();
  private readonly byFolded = new Map<string, CategoryRef>();

  constructor(rows: Array<CategoryRef & { nameEn: string }>) {
    for (const row of rows) {
      this.byId.set(row.id, row);
      for (const name of [row.nameFr, row.nameEn]) {
        this.byLower.set(name.toLowerCase().trim(), row);
        if (!this.byFolded.has(foldName(name))) this.byFolded.set(foldName(name), row);
      }
    }
  }

  /** The category named `name`, if any. */
  byName(name: string): CategoryRef | undefined {
    return this.byLower.get(name.toLowerCase().trim()) ?? this.byFolded.get(foldName(name));
  }

  /** The category of id `id`, if any. */
  get(id: number): CategoryRef | undefined {
    return this.byId.get(id);
  }
}

/** An article checked: its clean values (null where unusable) and its errors, one per field at most. */
export interface CheckedArticle {
  siren: string | null;
  /** `SIRET 55203253400703 → SIREN 552032534` when a SIRET was given for the SIREN, else null. */
  sirenNote: string | null;
  name: string | null;
  title: string;
  category: CategoryRef | null;
  posted: Date | null;
  source: string | null;
  url: string;
  errors: Partial<Record<ArticleField, string>>;
}

const quote = (v: string) => `«\u00a0${v.length > 40 ? v.slice(0, 40) + '…' : v}\u00a0»`;
/** Error of a category name that names no category. */
export const unknownCategoryMessage = (name: string) => `Catégorie inconnue\u00a0: ${quote(name)}.`;
/** Error of an inactive category (by its French name). */
export const inactiveCategoryMessage = (nameFr: string) => `La catégorie ${quote(nameFr)} est désactivée.`;
/** Tabs, line breaks and other control characters become single spaces. */
const oneLine = (v: string) => stripControlChars(v.replace(/[\t\r\n]+/g, ' ')).replace(/ {2,}/g, ' ').trim();

/**
 * Checks one article. The category is given by name (`raw.category`) or by id (`categoryId`, the form).
 * @returns values and French errors (nothing thrown)
 */
export function checkArticle(raw: RawArticle, categories: CategoryIndex, categoryId?: number): CheckedArticle {
  const errors: CheckedArticle['errors'] = {};
  const sirenRaw = raw.siren.trim();
  const read = readSirenOrSiret(sirenRaw);
  const siren = read.ok ? read.siren : null;
  if (!sirenRaw) errors.siren = 'Le siren est obligatoire.';
  else if (!read.ok) errors.siren = read.siret ? read.message : `Siren invalide\u00a0: ${quote(sirenRaw)} (9 chiffres, clé de contrôle comprise).`;

  const title = oneLine(raw.title);
  if (!title) errors.title = 'Le titre est obligatoire.';
  else if (title.length > TITLE_MAX) errors.title = `Le titre ne peut pas dépasser ${TITLE_MAX} caractères (il en compte ${title.length.toLocaleString('fr-FR')}).`;

  let category: CategoryRef | null;
  if (categoryId !== undefined) {
    category = categories.get(categoryId) ?? null;
    if (!category) errors.newscategory_id = 'Cette catégorie n’existe pas.';
  } else {
    const name = oneLine(raw.category);
    category = name ? (categories.byName(name) ?? null) : null;
    if (!name) errors.newscategory_id = 'La catégorie est obligatoire.';
    else if (!category) errors.newscategory_id = unknownCategoryMessage(name);
  }
  if (category && category.status !== 1) {
    errors.newscategory_id = inactiveCategoryMessage(category.nameFr);
  }

  const postedRaw = raw.posted.trim();
  const posted = postedRaw ? parsePostedDate(postedRaw) : null;
  if (!postedRaw) errors.posted = 'La date est obligatoire.';
  else if (!posted) errors.posted = `Date invalide\u00a0: ${quote(postedRaw)} (attendu JJ/MM/AAAA, JJ/MM/AAAA HH:mm ou ISO 8601).`;

  const url = raw.url.trim();
  if (!url) errors.url = 'Le lien est obligatoire.';
  else if (url.length > URL_MAX) errors.url = `Le lien ne peut pas dépasser ${URL_MAX} caractères.`;
  else if (!isHttpUrl(url)) errors.url = `Le lien doit être une adresse http:// ou https://\u00a0: ${quote(url)}.`;

  const name = oneLine(raw.name);
  if (name.length > 255) errors.name = 'Le nom de l’entreprise ne peut pas dépasser 255 caractères.';
  const source = oneLine(raw.source);
  if (source.length > 255) errors.source = 'La source ne peut pas dépasser 255 caractères.';

  return {
    siren,
    sirenNote: read.ok && read.siret ? siretNote(read.siret, read.siren) : null,
    name: name ? name.slice(0, 255) : null,
    title,
    category,
    posted,
    source: source ? source.slice(0, 255) : null,
    url: url.slice(0, URL_MAX),
    errors,
  };
}

/** True for an absolute http or https URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 && !/\s/.test(value);
  } catch {
    return false;
  }
}
