/**
 * Groups of SIRENs (SPEC section 3 "Group"). Names are unique without regard to case;
 * a SIREN appears at most once per group; deleting a group deletes its SIRENs (cascade).
 */
import { sql } from 'drizzle-orm';
import { bigserial, char, index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 255 }).notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('groups_name_lower_uq').on(sql`lower(${t.name})`)],
);

export const groupSirens = pgTable(
  'group_sirens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    siren: char('siren', { length: 9 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_sirens_group_siren_uq').on(t.groupId, t.siren),
    index('group_sirens_group_id_idx').on(t.groupId, t.id),
  ],
);
