/**
 * News payloads (SPEC sections 3 "News item", "News category", "Article to delete" and 7 "News"):
 * categories, pending news, the temporaries of a CSV import, the manual article and the published
 * articles of the `hows` calls.
 */
import { z } from 'zod';
import { frenchError, optionalStatus, optionalText, siren, sirenOrSiret, status, statusResponse, text } from './fields';
import { jobResponse } from './jobs';
import { pageResponse } from './listing';

/** Longest title and link an article may have (characters). */
export const TITLE_MAX = 500;
export const URL_MAX = 2000;
/** Largest CSV file the import accepts (bytes) and most data rows it reads (pure values, shared with the web). */
export { NEWS_IMPORT_MAX_BYTES, NEWS_IMPORT_MAX_ROWS } from './limits';

export const categoryBody = z
  .object({ name_fr: text('Nom (FR)'), name_en: text('Nom (EN)'), status: status('Actif') })
  .meta({ id: 'NewsCategoryStore' });
export const categoryUpdateBody = z
  .object({ name_fr: text('Nom (FR)'), name_en: text('Nom (EN)'), status: optionalStatus('Actif') })
  .meta({ id: 'NewsCategoryUpdate' });

export const categoryResponse = z
  .object({
    id: z.number(),
    name_fr: z.string(),
    name_en: z.string(),
    status: statusResponse,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'NewsCategory' });
export type CategoryResponse = z.output<typeof categoryResponse>;

const categoryRef = z.object({ id: z.number(), name_fr: z.string() });

/** A pending news item (`/news`). `posted` is an ISO instant. */
export const newsItem = z
  .object({
    id: z.number(),
    siren: z.string(),
    name: z.string().nullable(),
    title: z.string(),
    newscategory_id: z.number(),
    newscategory: categoryRef,
    posted: z.string(),
    source: z.string().nullable(),
    url: z.string(),
  })
  .meta({ id: 'NewsItem' });
export const newsPage = pageResponse(newsItem).meta({ id: 'NewsPage' });

/** A row of an uploaded CSV waiting for review, with its own errors (empty when it can be processed). */
export const temporaryRow = z
  .object({
    id: z.number(),
    line: z.number(),
    siren: z.string(),
    name: z.string().nullable(),
    title: z.string(),
    category: z.string(),
    newscategory_id: z.number().nullable(),
    newscategory: categoryRef.nullable(),
    posted: z.string().nullable(),
    posted_raw: z.string(),
    source: z.string().nullable(),
    url: z.string(),
    errors: z.array(z.string()),
  })
  .meta({ id: 'NewsTemporary' });
/** A page of temporaries, with the administrator's import job and how many of their rows are in error. */
export const temporariesPage = pageResponse(temporaryRow)
  .extend({ job: jobResponse.nullable(), rows_total: z.number(), rows_in_error: z.number() })
  .meta({ id: 'NewsTemporaryPage' });

/** The quick filter of the temporaries list: `onlyerrors` shows only the rows in error. */
export const ONLY_ERRORS = 'onlyerrors';

/** Body of `POST /api/news/addnews` (SPEC section 7): one article published at once. */
export const addNewsBody = z
  .object({
    // Absent, null or '' is "no category chosen" (0), which the positive check names as missing.
    newscategory_id: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? 0 : v),
      z.coerce
        .number({ error: frenchError('Catégorie') })
        .int({ error: frenchError('Catégorie') })
        .positive({ error: () => 'Le champ Catégorie est obligatoire.' })
        .max(2147483647, { error: frenchError('Catégorie') }),
    ),
    // A pasted SIRET is taken for its SIREN (the form replaces it and says so under the field).
    siren: sirenOrSiret(),
    name: optionalText('Nom de l’entreprise'),
    title: text('Titre', TITLE_MAX),
    posted: text('Date', 64),
    source: optionalText('Source'),
    url: text('Lien', URL_MAX),
  })
  .meta({ id: 'AddNews' });

/** An article of the customer API (SPEC section 3 "Article to delete"). `date` is the posted instant (ISO). */
export const publishedArticle = z
  .object({ siren: z.string(), identifier: z.string(), title: z.string(), theme: z.string(), date: z.string() })
  .meta({ id: 'PublishedArticle' });

export const listBySirenBody = z.object({ siren: siren() }).meta({ id: 'ListBySiren' });
export const removeByIdentifierBody = z
  .object({ siren: siren(), identifier: z.uuid({ error: () => "L’identifiant de l’article n’est pas valide." }) })
  .meta({ id: 'RemoveByIdentifier' });

/** Answer of Synchroniser and Process: how many items moved, and the toast text. */
export const countResponse = z.object({ count: z.number(), message: z.string() }).meta({ id: 'Count' });

/** Answer of the upload: the import job, queued. */
export const importResponse = z.object({ message: z.string(), job: jobResponse }).meta({ id: 'NewsImport' });

/** Column names of the import file: the French names, the English ones also accepted. */
export const NEWS_CSV_COLUMNS = ['siren', 'nom', 'titre', 'categorie', 'source', 'lien', 'date'] as const;

/**
 * A Synchroniser batch (`POST /api/news/syncbatches`): its number, date (ISO), author, the articles it published
 * and how many of them are still published; `undone_at` / `undone_by` once undone (null while it stands).
 */
export const syncBatch = z
  .object({
    id: z.number(),
    articles: z.number(),
    published: z.number(),
    created_at: z.string(),
    created_by: z.string().nullable(),
    undone_at: z.string().nullable(),
    undone_by: z.string().nullable(),
  })
  .meta({ id: 'NewsSyncBatch' });
export const syncBatchPage = pageResponse(syncBatch).meta({ id: 'NewsSyncBatchPage' });

/** Answer of the undo of a batch: articles put back among the pending news, those skipped, and the toast text. */
export const undoBatchResponse = z
  .object({ count: z.number(), skipped: z.number(), message: z.string() })
  .meta({ id: 'NewsSyncUndo' });

/** An import some pending news came from (`GET /api/news/pending/imports`): search `import:<id>` lists its rows. */
export const pendingImport = z
  .object({ id: z.string(), filename: z.string(), created_at: z.string(), count: z.number() })
  .meta({ id: 'PendingNewsImport' });
