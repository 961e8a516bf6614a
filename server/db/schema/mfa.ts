/**
 * Second factor of the administrators (TOTP, RFC 6238) and its single-use recovery codes.
 * The TOTP secret is sealed with the APP_KEY box (AES-256-GCM, server/lib/app-key.ts); a recovery code is
 * kept only as its keyed SHA-256 (`SecretBox.hmac`), so a database leak gives neither.
 */
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { admins } from './admins';

/** One TOTP factor per administrator; `enabledAt` null while the enrolment waits for its first code. */
export const adminMfa = pgTable('admin_mfa', {
  adminId: integer('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  /** Base32 TOTP secret sealed by `SecretBox.encrypt`. */
  secretEnc: text('secret_enc').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  /** Time step (Unix seconds / 30) of the last accepted code: a code is never accepted twice. */
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The ten recovery codes given at enrolment; each one signs in once (`usedAt` set). */
export const adminMfaRecoveryCodes = pgTable(
  'admin_mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** `SecretBox.hmac` of the normalised code (lower case, no dash). */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('admin_mfa_recovery_codes_uq').on(t.adminId, t.codeHash), index('admin_mfa_recovery_codes_admin_idx').on(t.adminId)],
);
