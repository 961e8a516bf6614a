/**
 * The log of company-record updates (SPEC section 3 "Update log entry": code, created_at, name = the
 * SIREN, description) and its rollups, kept current by statement-level triggers in the
 * same transaction as every insert or delete (migration `0003_update_log_rollups`), so that statistics
 * and list totals never scan the log:
 * - `update_log_daily`: entries per calendar day in Europe/Paris;
 * - `update_log_siren_counts`: entries per SIREN (totals of the VIP / Favoris filters).
 * An entry written by a feed keeps a reference to its source (`source_label`, `source_url`, `source_file_id`).
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, customType, date, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * A PostgreSQL `xid8` (64-bit transaction id), read and written as its decimal text: comparing it with
 * `pg_snapshot_xmin(pg_current_snapshot())` tells whether every transaction that could still write before it has ended.
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

export const updateLog = pgTable(
  'update_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Treatment code of the feed that made the update (e.g. `RNE-DIRIGEANTS`). */
    code: varchar('code', { length: 64 }).notNull(),
    siren: char('siren', { length: 9 }).notNull(),
    description: text('description').notNull(),
    /**
     * Where a feed read what the entry says (CONVENTIONS.md section 7), null for an entry typed by hand:
     * `BODACC A n°20210005 du 08/01/2021, avis n°1`, `Fichier INSEE StockUniteLegale_utf8.zip, ligne 12`,
     * `RNE (INPI), fiche de l’entreprise`.
     */
    sourceLabel: text('source_label'),
    /** The source's own page when it has one (the notice on bodacc.fr), else null. */
    sourceUrl: text('source_url'),
    /** The `feed_files` row of the file the entry came from (INSEE, BODACC), else null. */
    sourceFileId: bigint('source_file_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * The transaction that wrote the entry. The customer API's feed (`GET /v1/updates`) reads in (xid, id) order
     * and only below the oldest transaction still running, so an entry committed late by a long import is
     * never passed over by a cursor (server/api/updates.ts). Entries written before the column existed hold 0.
     * Its indexes (xid, id), (siren, xid, id) and (family of the code, xid, id) are online indexes
     * (server/db/online-indexes/0003 to 0005), built without blocking the log's writers.
     */
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
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
