/**
 * Administrators of the back-office and their avatars (SPEC section 3, "Administrator",
 * "Authenticated user"). Emails are unique without regard to case (index on lower(email)).
 */
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const admins = pgTable(
  'admins',
  {
    id: serial('id').primaryKey(),
    firstname: varchar('firstname', { length: 255 }).notNull().default(''),
    name: varchar('name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    status: smallint('status').notNull().default(1),
    /** Random key naming the current avatar file (`/avatars/{key}.webp`); null: default avatar. */
    avatarKey: varchar('avatar_key', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admins_email_lower_uq').on(sql`lower(${t.email})`),
    index('admins_name_idx').on(t.name),
    index('admins_status_idx').on(t.status),
  ],
);

/** One re-encoded 256x256 WebP per administrator, kept in the database so every app process serves it. */
export const adminAvatars = pgTable(
  'admin_avatars',
  {
  adminId: integer('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  avatarKey: varchar('avatar_key', { length: 64 }).notNull(),
  image: bytea('image').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('admin_avatars_key_uq').on(t.avatarKey)],
);
