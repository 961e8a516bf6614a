/**
 * Server-side sessions and the sign-in throttle (CONVENTIONS.md section 3).
 * The cookie holds a random token; the table holds only its SHA-256, so a database leak gives no session.
 */
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { admins } from './admins';

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the cookie token. */
    id: text('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Password checked, second factor not yet: the row only lets `POST /api/login/code` finish the sign-in. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
    /** Last time a second-factor code was accepted on this session (sign-in or step-up). */
    mfaVerifiedAt: timestamp('mfa_verified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_admin_id_idx').on(t.adminId), index('sessions_created_at_idx').on(t.createdAt)],
);

/** Failed sign-ins per (email, IP) in a one-minute window. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
