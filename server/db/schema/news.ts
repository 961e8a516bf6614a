/**
 * Business news (SPEC sections 2 "News", 3 "News item", "News category", "Article to delete"):
 * - `news_categories`: names unique per language without regard to case;
 * - `news_temporaries`: the rows of an uploaded CSV waiting for review, owned by the administrator who
 *   uploaded them and tagged with the import job that wrote them; each carries its own French errors;
 * - `news`: articles accepted into the back-office, waiting for publication (`/news`);
 * - `published_articles`: what the customer API serves (the `hows` calls), each with a stable unique
 *   `identifier` and its category's name as `theme`;
 * - `news_sync_batches`: one numbered row per Synchroniser; the articles it published name it, so that the
 *   batch can be undone (its articles go back to the pending news).
 * A SIREN and a link identify an article: they are unique among pending and among published articles.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { jobs } from './jobs';

export const newsCategories = pgTable(
  'news_categories',
  {
    id: serial('id').primaryKey(),
    nameFr: varchar('name_fr', { length: 255 }).notNull(),
    nameEn: varchar('name_en', { length: 255 }).notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('news_categories_name_fr_lower_uq').on(sql`lower(${t.nameFr})`),
    uniqueIndex('news_categories_name_en_lower_uq').on(sql`lower(${t.nameEn})`),
  ],
);

export const newsTemporaries = pgTable(
  'news_temporaries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** Line of the row in the file (the header is line 1). */
    line: integer('line').notNull(),
    /** As read (a wrong value stays visible beside its error). */
    siren: varchar('siren', { length: 64 }).notNull(),
    name: varchar('name', { length: 255 }),
    title: text('title').notNull(),
    category: varchar('category', { length: 255 }).notNull(),
    newscategoryId: integer('newscategory_id'),
    posted: timestamp('posted', { withTimezone: true, mode: 'date' }),
    postedRaw: varchar('posted_raw', { length: 64 }).notNull(),
    source: varchar('source', { length: 255 }),
    url: text('url').notNull(),
    /** French messages of what is wrong with the row; empty when it can be processed. */
    errors: jsonb('errors').$type<string[]>().notNull().default([]),
    errorCount: smallint('error_count').notNull().default(0),
  },
  (t) => [
    index('news_temporaries_owner_idx').on(t.ownerId, t.id),
    index('news_temporaries_owner_errors_idx').on(t.ownerId, t.id).where(sql`${t.errorCount} > 0`),
    index('news_temporaries_job_idx').on(t.jobId),
  ],
);

export const news = pgTable(
  'news',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siren: char('siren', { length: 9 }).notNull(),
    name: varchar('name', { length: 255 }),
    title: text('title').notNull(),
    newscategoryId: integer('newscategory_id')
      .notNull()
      .references(() => newsCategories.id),
    /** The category's French name, kept current on rename: the list sorts on it through an index. */
    categoryName: varchar('category_name', { length: 255 }).notNull().default(''),
    posted: timestamp('posted', { withTimezone: true, mode: 'date' }).notNull(),
    source: varchar('source', { length: 255 }),
    url: text('url').notNull(),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The news import job the row came from (Process keeps it): « everything from one import » is deleted by it. */
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('news_job_idx').on(t.jobId).where(sql`${t.jobId} is not null`),
    // Also serves the SIREN search and sort (siren leads; the id tiebreak is an incremental sort of a few rows).
    uniqueIndex('news_siren_url_uq').on(t.siren, t.url),
    index('news_title_idx').on(t.title, t.id),
    index('news_category_idx').on(t.newscategoryId, t.id),
    index('news_category_name_idx').on(t.categoryName, t.id),
    index('news_posted_idx').on(t.posted, t.id),
    index('news_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

/** Rows of `news`, kept by statement-level triggers (migration 0007): the list's total without a count. */
export const newsCounts = pgTable('news_counts', {
  id: smallint('id').primaryKey(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
});

/** One Synchroniser: its number, what it published, who ran it, and whether it was undone. */
export const newsSyncBatches = pgTable('news_sync_batches', {
  /** The batch number. */
  id: serial('id').primaryKey(),
  /** Articles the batch published. */
  articles: integer('articles').notNull(),
  createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** When the batch was undone (its articles back among the pending news); null while it stands. */
  undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
  undoneBy: integer('undone_by').references(() => admins.id, { onDelete: 'set null' }),
});

export const publishedArticles = pgTable(
  'published_articles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Stable unique identifier of the article in the customer API. */
    identifier: uuid('identifier').notNull().defaultRandom(),
    siren: char('siren', { length: 9 }).notNull(),
    name: varchar('name', { length: 255 }),
    title: text('title').notNull(),
    newscategoryId: integer('newscategory_id')
      .notNull()
      .references(() => newsCategories.id),
    /** The category's French name when the article was published. */
    theme: varchar('theme', { length: 255 }).notNull(),
    posted: timestamp('posted', { withTimezone: true, mode: 'date' }).notNull(),
    source: varchar('source', { length: 255 }),
    url: text('url').notNull(),
    /** The pending news item it came from (null for an article added by hand). */
    newsId: bigint('news_id', { mode: 'number' }),
    /** The Synchroniser batch that published it (null for an article added by hand). */
    syncBatchId: integer('sync_batch_id').references(() => newsSyncBatches.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('published_articles_identifier_uq').on(t.identifier),
    uniqueIndex('published_articles_siren_url_uq').on(t.siren, t.url),
    index('published_articles_siren_posted_idx').on(t.siren, t.posted),
    index('published_articles_category_idx').on(t.newscategoryId),
    index('published_articles_sync_batch_idx').on(t.syncBatchId).where(sql`${t.syncBatchId} is not null`),
  ],
);
