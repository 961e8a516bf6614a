/**
 * The log of company-record updates (SPEC section 3 "Update log entry": code, created_at, name = the
 * SIREN, description) and its rollups (issue 3 point 2), kept current by statement-level triggers in the
 * same transaction as every insert or delete (migration `0003_update_log_rollups`), so that statistics
 * and list totals never scan the log:
 * - `update_log_daily`: entries per calendar day in Europe/Paris;
 * - `update_log_siren_counts`: entries per SIREN (totals of the VIP / Favoris filters).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, date, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const updateLog = pgTable(
  'update_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Treatment code of the feed that made the update (e.g. `RNE-DIRIGEANTS`). */
    code: varchar('code', { length: 64 }).notNull(),
    siren: char('siren', { length: 9 }).notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('update_log_code_id_idx').on(t.code, t.id),
    index('update_log_siren_id_idx').on(t.siren, t.id),
    index('update_log_created_at_id_idx').on(t.createdAt, t.id),
    index('update_log_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
  ],
);

export const updateLogDaily = pgTable('update_log_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  entries: bigint('entries', { mode: 'number' }).notNull().default(0),
});

export const updateLogSirenCounts = pgTable('update_log_siren_counts', {
  siren: char('siren', { length: 9 }).primaryKey(),
  entries: bigint('entries', { mode: 'number' }).notNull().default(0),
});
