/**
 * M&A deals (SPEC sections 2 "Transactions (deals)", 3 "Role", "Type", "Deal", "Deal entity", "Country",
 * "Imported file", "Stats"). Meaningful columns; the spec's `extra1..extra16` appear only
 * in the API layer (server/modules/deals).
 * - `deal_roles`, `deal_types`: status resources, names unique without regard to case;
 * - `countries`: ISO 3166-1 alpha-2 with the French name, seeded from `i18n-iso-countries`;
 * - `deals`: one row per deal, `deal_identifier` unique; `revision` grows at every change of the deal or its
 *   entities, `published_revision` is the revision last published (null: never);
 * - `deal_entities`: one row per company of a deal, and one row of the `/transactions` list. It carries copies
 *   of the deal's listed columns (identifier, date, type names, amount, currency) and of its role's name, kept
 *   current by the deals service, so that every sortable column of the list has its own (column, id) index;
 * - `deal_publish_batches` / `published_deals` / `published_deal_history`: what the customer API serves, written
 *   by numbered batches that `purge` undoes one at a time, restoring what each batch replaced;
 * - `deal_import_files`: the CSV files imported (`Fichiers importés`);
 * - `bodacc_transaction_counts`: the row count of `bodacc_transactions`, for the `filterbodacc` list's total;
 * - `deal_publication_counts`: the deals waiting for publication, for `stats` without a count.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { jobs } from './jobs';

export const dealRoles = pgTable(
  'deal_roles',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    displayName: varchar('display_name', { length: 255 }).notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deal_roles_name_lower_uq').on(sql`lower(${t.name})`)],
);

export const dealTypes = pgTable(
  'deal_types',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deal_types_name_lower_uq').on(sql`lower(${t.name})`)],
);

export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    isoAlpha2: char('iso_alpha2', { length: 2 }).notNull(),
    nameFr: varchar('name_fr', { length: 255 }).notNull(),
  },
  (t) => [uniqueIndex('countries_iso_alpha2_uq').on(t.isoAlpha2)],
);

const countryRef = (name: string) => integer(name).references(() => countries.id, { onDelete: 'set null' });

export const deals = pgTable(
  'deals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dealIdentifier: varchar('deal_identifier', { length: 64 }).notNull(),
    dealDate: date('deal_date', { mode: 'string' }),
    /** Null for the spec's '0' (none). */
    dealType1Id: integer('deal_type1_id').references(() => dealTypes.id),
    dealType2Id: integer('deal_type2_id').references(() => dealTypes.id),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    currency: char('currency', { length: 3 }).notNull().default('EUR'),
    description: text('description'),
    url: text('url'),
    source: text('source'),
    status: smallint('status').notNull().default(1),
    /** extra1, extra2: 1 = YES, 2 = NO, null when not given. */
    frenchInvestmentAbroad: smallint('french_investment_abroad'),
    foreignInvestmentInFrance: smallint('foreign_investment_in_france'),
    /** extra3..extra8 */
    buyer1Name: text('buyer1_name'),
    buyer1CountryId: countryRef('buyer1_country_id'),
    buyer2Name: text('buyer2_name'),
    buyer2CountryId: countryRef('buyer2_country_id'),
    buyer3Name: text('buyer3_name'),
    buyer3CountryId: countryRef('buyer3_country_id'),
    /** extra9..extra14 */
    target1Name: text('target1_name'),
    target1CountryId: countryRef('target1_country_id'),
    target2Name: text('target2_name'),
    target2CountryId: countryRef('target2_country_id'),
    target3Name: text('target3_name'),
    target3CountryId: countryRef('target3_country_id'),
    /** extra15, extra16 */
    sellerName: text('seller_name'),
    sellerCountryId: countryRef('seller_country_id'),
    /** Grows at every change of the deal or of its entities. */
    revision: integer('revision').notNull().default(1),
    /** The revision last published; null when never published or when withdrawn. */
    publishedRevision: integer('published_revision'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deals_identifier_uq').on(t.dealIdentifier),
    index('deals_type1_idx').on(t.dealType1Id),
    index('deals_type2_idx').on(t.dealType2Id),
    // The deals waiting for publication (stats c1, insert): active and new or changed since publication.
    index('deals_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 1 and ${t.publishedRevision} is distinct from ${t.revision}`),
    // The published deals since deactivated, which the next publication withdraws (stats c1, insert).
    index('deals_withdrawn_idx')
      .on(t.id)
      .where(sql`${t.status} <> 1 and ${t.publishedRevision} is not null`),
    check('deals_amount_check', sql`${t.amount} >= 0`),
    check('deals_flags_check', sql`${t.frenchInvestmentAbroad} in (1, 2) and ${t.foreignInvestmentInFrance} in (1, 2)`),
  ],
);

export const dealEntities = pgTable(
  'deal_entities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dealId: bigint('deal_id', { mode: 'number' })
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    /** Order of the entity in its deal's form (0-based). */
    position: smallint('position').notNull().default(0),
    siren: char('siren', { length: 9 }),
    name: varchar('name', { length: 255 }),
    /** Null for the spec's role 0 (none). */
    roleId: integer('role_id').references(() => dealRoles.id),
    stakePercent: numeric('stake_percent', { precision: 5, scale: 2 }),
    // Copies for the list's sorts and search, kept current by the deals service.
    dealIdentifier: varchar('deal_identifier', { length: 64 }).notNull(),
    dealDate: date('deal_date', { mode: 'string' }),
    roleName: varchar('role_name', { length: 255 }),
    type1Name: varchar('type1_name', { length: 255 }),
    type2Name: varchar('type2_name', { length: 255 }),
    amount: numeric('amount', { precision: 18, scale: 2 }),
    currency: char('currency', { length: 3 }),
  },
  (t) => [
    index('deal_entities_deal_idx').on(t.dealId, t.position),
    index('deal_entities_identifier_idx').on(t.dealIdentifier, t.id),
    index('deal_entities_date_idx').on(t.dealDate, t.id),
    index('deal_entities_siren_idx').on(t.siren, t.id),
    index('deal_entities_name_idx').on(t.name, t.id),
    index('deal_entities_role_name_idx').on(t.roleName, t.id),
    index('deal_entities_role_idx').on(t.roleId),
    index('deal_entities_type1_name_idx').on(t.type1Name, t.id),
    index('deal_entities_type2_name_idx').on(t.type2Name, t.id),
    index('deal_entities_amount_idx').on(t.amount, t.id),
    index('deal_entities_currency_idx').on(t.currency, t.id),
    index('deal_entities_stake_idx').on(t.stakePercent, t.id),
    index('deal_entities_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('deal_entities_identifier_trgm_idx').using('gin', sql`${t.dealIdentifier} gin_trgm_ops`),
    check('deal_entities_stake_check', sql`${t.stakePercent} between 0 and 100`),
  ],
);

/** Rows of `deal_entities`, kept by statement-level triggers: the list's total without a count. */
export const dealEntityCounts = pgTable('deal_entity_counts', {
  id: smallint('id').primaryKey(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
});

/**
 * Rows of `bodacc_transactions` (server/db/schema/feeds.ts), kept by statement-level triggers (migration 0012):
 * the total of the legal-announcement transaction rows list (`filterbodacc`) without a count.
 */
export const bodaccTransactionCounts = pgTable('bodacc_transaction_counts', {
  id: smallint('id').primaryKey(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
});

/**
 * Deals waiting for publication (stats c1), kept by statement-level triggers on `deals` (migration 0013): active
 * deals new or changed since their last publication, plus deactivated deals still published.
 */
export const dealPublicationCounts = pgTable('deal_publication_counts', {
  id: smallint('id').primaryKey(),
  waiting: bigint('waiting', { mode: 'number' }).notNull(),
});

export const dealPublishBatches = pgTable('deal_publish_batches', {
  /** The batch number. */
  id: serial('id').primaryKey(),
  deals: integer('deals').notNull(),
  /** Rows of `published_deals` once the batch is written (stats c2 without a count; purge returns to the batch before). */
  publishedTotal: integer('published_total').notNull().default(0),
  createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** What the customer API serves: one snapshot per published deal (the deal with its entities, as JSON). */
export const publishedDeals = pgTable(
  'published_deals',
  {
    dealIdentifier: varchar('deal_identifier', { length: 64 }).primaryKey(),
    dealId: bigint('deal_id', { mode: 'number' }),
    revision: integer('revision').notNull(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => dealPublishBatches.id),
    snapshot: jsonb('snapshot').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('published_deals_batch_idx').on(t.batchId),
    index('published_deals_deal_idx').on(t.dealId),
    // The customer API's `GET /v1/deals?siren=`: the SIRENs of the snapshot's entities.
    index('published_deals_sirens_idx').using('gin', sql`jsonb_path_query_array(${t.snapshot}, '$.entities[*].siren')`),
  ],
);

/** What each batch replaced, so that `purge` restores it: the previous snapshot, or null when the batch added it. */
export const publishedDealHistory = pgTable(
  'published_deal_history',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => dealPublishBatches.id, { onDelete: 'cascade' }),
    dealIdentifier: varchar('deal_identifier', { length: 64 }).notNull(),
    dealId: bigint('deal_id', { mode: 'number' }),
    /** The deal's published_revision before the batch. */
    previousDealRevision: integer('previous_deal_revision'),
    previousRevision: integer('previous_revision'),
    previousBatchId: integer('previous_batch_id'),
    previousSnapshot: jsonb('previous_snapshot'),
    previousPublishedAt: timestamp('previous_published_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.dealIdentifier] })],
);

export const dealImportFiles = pgTable(
  'deal_import_files',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /** Rows (deal entities) and deals written. */
    rows: integer('rows').notNull().default(0),
    deals: integer('deals').notNull().default(0),
    /** What the import changed, e.g. `{rows_read, deals_created, deals_updated, entities}` (shown in the files table). */
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('deal_import_files_created_idx').on(t.createdAt)],
);
