/**
 * The data feeds (SPEC sections 2 "Supervision", 3 "Statistics import file", "Supervision file
 * record", "Legal-announcement transaction row"):
 * - `feed_files`: one row per file a feed read (or per scheduled fetch that failed): feed, filename,
 *   status 1/0, lines, French error, how it arrived. The supervision pages and the feed health read it.
 * - `feed_state`: per feed, the cursor of the scheduled fetch (e.g. the last BODACC publication date read).
 * - `announcements`: every BODACC notice once, deduplicated on (bulletin, issue, notice number).
 * - `bodacc_transactions`: one row per sale notice (`vente`), the 37 columns of the spec's
 *   legal-announcement transaction row under meaningful names (b1..b37 only in the API layer).
 * The official nomenclatures' labels, which the Sirene merge names codes with, are the register's (./register.ts).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, date, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { jobs } from './jobs';

/** Feeds whose files are recorded in `feed_files`. */
export const FEEDS = ['sirene-companies', 'sirene-establishments', 'bodacc'] as const;
export type Feed = (typeof FEEDS)[number];

export const feedFiles = pgTable(
  'feed_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** sirene-companies | sirene-establishments | bodacc */
    feed: varchar('feed', { length: 32 }).$type<Feed>().notNull(),
    filename: varchar('filename', { length: 255 }).notNull(),
    /** 1 ok, 0 failed. */
    status: smallint('status').notNull(),
    /** Companies or establishments read (INSEE), notices read (BODACC). */
    lines: bigint('lines', { mode: 'number' }).notNull().default(0),
    /** French message of a failure, with the line number when one line is at fault. */
    error: text('error'),
    /** upload | cli | inbox | fetch */
    origin: varchar('origin', { length: 16 }).notNull(),
    /** What the file changed, e.g. `{created, updated, unchanged, log_entries}`. */
    summary: jsonb('summary').$type<Record<string, unknown>>(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('feed_files_feed_id_idx').on(t.feed, t.id), index('feed_files_feed_status_id_idx').on(t.feed, t.status, t.id)],
);

export const feedState = pgTable('feed_state', {
  /** `bodacc` or `sirene`. */
  feed: varchar('feed', { length: 32 }).primaryKey(),
  /** BODACC: last publication date read (YYYY-MM-DD); Sirene: the stock's Last-Modified / ETag. */
  cursor: text('cursor'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const announcements = pgTable(
  'announcements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A, B or C. */
    bulletin: char('bulletin', { length: 1 }).notNull(),
    /** Issue number (parution), e.g. `20210005`. */
    issue: varchar('issue', { length: 16 }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    noticeNumber: integer('notice_number').notNull(),
    /** vente | creation | immatriculation | modification | radiation | dpc | collective | divers */
    family: varchar('family', { length: 32 }).notNull(),
    /** French label of the family, e.g. `Ventes et cessions`. */
    familyLabel: varchar('family_label', { length: 64 }).notNull(),
    /** SIRENs named by the notice, spaces removed. */
    sirens: char('sirens', { length: 9 }).array().notNull().default(sql`'{}'::bpchar[]`),
    companyName: text('company_name'),
    court: text('court'),
    /** The notice as read (XML turned into JSON, or the Opendatasoft record). */
    raw: jsonb('raw').notNull(),
    feedFileId: bigint('feed_file_id', { mode: 'number' }).references(() => feedFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('announcements_notice_uq').on(t.bulletin, t.issue, t.noticeNumber),
    index('announcements_sirens_idx').using('gin', t.sirens),
    index('announcements_issue_date_idx').on(t.issueDate, t.id),
  ],
);

export const bodaccTransactions = pgTable(
  'bodacc_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    announcementId: bigint('announcement_id', { mode: 'number' })
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    /** b1..b4: the company the row is about (the buyer), its name, role, transaction number. */
    siren: char('siren', { length: 9 }),
    companyName: text('company_name'),
    role: varchar('role', { length: 64 }),
    transactionNumber: varchar('transaction_number', { length: 64 }),
    /** b5 */
    announcedOn: date('announced_on', { mode: 'string' }),
    /** b6, b7: deal type 1 (the sale category), deal type 2. */
    dealType1: text('deal_type1'),
    dealType2: text('deal_type2'),
    /** b8..b10 */
    amount: numeric('amount', { precision: 18, scale: 2 }),
    currency: varchar('currency', { length: 3 }),
    stake: numeric('stake', { precision: 5, scale: 2 }),
    /** b11..b14 */
    targetName: text('target_name'),
    targetSiren: char('target_siren', { length: 9 }),
    targetCountry: varchar('target_country', { length: 64 }),
    targetNaf: varchar('target_naf', { length: 8 }),
    /** b15..b18 */
    acquirerName: text('acquirer_name'),
    acquirerSiren: char('acquirer_siren', { length: 9 }),
    acquirerCountry: varchar('acquirer_country', { length: 64 }),
    acquirerNaf: varchar('acquirer_naf', { length: 8 }),
    /** b19..b22: every seller the notice names (b19 joined by `, `), and the SIRENs it gives for them. */
    sellerName: text('seller_name'),
    sellerSirens: char('seller_sirens', { length: 9 }).array().notNull().default(sql`'{}'::bpchar[]`),
    sellerCountry: varchar('seller_country', { length: 64 }),
    sellerNaf: varchar('seller_naf', { length: 8 }),
    /** b23..b25 */
    adviserName: text('adviser_name'),
    adviserSiren: char('adviser_siren', { length: 9 }),
    adviserCountry: varchar('adviser_country', { length: 64 }),
    /** b26, b27: 1 = YES, 2 = NO. */
    frenchInvestmentAbroad: smallint('french_investment_abroad'),
    foreignInvestmentInFrance: smallint('foreign_investment_in_france'),
    /** b28..b33 */
    buyerIso1: char('buyer_iso1', { length: 2 }),
    buyerIso2: char('buyer_iso2', { length: 2 }),
    buyerIso3: char('buyer_iso3', { length: 2 }),
    targetIso1: char('target_iso1', { length: 2 }),
    targetIso2: char('target_iso2', { length: 2 }),
    targetIso3: char('target_iso3', { length: 2 }),
    /** b34..b37 */
    description: text('description'),
    descriptionComplement: text('description_complement'),
    url: text('url'),
    source: text('source'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * When an administrator deleted the row: it is hidden from the list, kept (a re-import of its bulletin finds
     * the notice known and does not bring it back), and can be restored from « Lignes supprimées ».
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    deletedBy: integer('deleted_by'),
  },
  (t) => [
    uniqueIndex('bodacc_transactions_announcement_uq').on(t.announcementId),
    index('bodacc_transactions_siren_idx').on(t.siren, t.id),
    index('bodacc_transactions_deleted_idx').on(t.deletedAt, t.id).where(sql`${t.deletedAt} is not null`),
  ],
);
