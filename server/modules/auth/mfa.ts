/**
 * The administrators' second factor: TOTP of RFC 6238 (SHA-1, 6 digits, 30 s steps, one step of drift
 * either way) through `otpauth`, and ten single-use recovery codes.
 *
 * - The secret (160 random bits, base32) is sealed with the APP_KEY box and never logged or answered
 *   again once enrolled; the enrolment shows it once as text and as a QR code (PNG data URL made here
 *   by `qrcode`, no outside call).
 * - A code is accepted once: the time step of the last accepted code is kept, and a code of that step
 *   or an older one is refused (a code seen over a shoulder cannot be replayed).
 * - Recovery codes `xxxxx-xxxxx` (about 49 bits each) are kept as their keyed SHA-256; one is spent by an
 *   atomic `update … where used_at is null`, so two parallel uses cannot both pass.
 * - Every check is throttled like the password (throttle.ts: 5 attempts a minute per administrator and IP).
 * - Audit trail (server/lib/audit.ts): each wrong code leaves an entry `sessions` / `mfa_failed` (the administrator,
 *   the session and the IP of the current scope, the step; never the code), written on its own before the refusal;
 *   the enrolment's start, its confirmation and the disabling record their route's entry in their transaction.
 */
import crypto from 'node:crypto';
import { and, count, eq, isNotNull, isNull, or, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { MFA_TEXTS } from '../../../contract/mfa';
import type { Db } from '../../db/client';
import { adminMfa, adminMfaRecoveryCodes } from '../../db/schema';
import { markMfaVerified } from '../../http/session';
import { auditedWrite, recordAudit } from '../../lib/audit';
import { AppError, fieldError } from '../../lib/errors';
import type { SecretBox } from '../../lib/app-key';
import { clearFailures, takeAttempt, throttledMessage } from './throttle';

const ISSUER = 'Vigie';
const PERIOD = 30;
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** The TOTP generator of a base32 secret (also used by the tests to make codes). */
export function totpOf(base32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(base32) });
}

/** Throttle key of the second-factor checks of one administrator from one IP. */
export function mfaThrottleKey(adminId: number, ip: string): string {
  return crypto.createHash('sha256').update(`mfa|${adminId}|${ip}`).digest('hex');
}

/** Lower case, letters and digits only: `ABCDE-fghij` and `abcdefghij` are the same recovery code. */
function normaliseRecovery(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** One new recovery code, `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** State of an administrator's second factor (`enabledAt` null: none, or an enrolment not confirmed yet). */
export async function mfaStatus(db: Db, adminId: number): Promise<{ enabledAt: Date | null; recoveryCodesLeft: number }> {
  const [row] = await db.select({ enabledAt: adminMfa.enabledAt }).from(adminMfa).where(eq(adminMfa.adminId, adminId));
  const [left] = await db
    .select({ n: count() })
    .from(adminMfaRecoveryCodes)
    .where(and(eq(adminMfaRecoveryCodes.adminId, adminId), isNull(adminMfaRecoveryCodes.usedAt)));
  const enabledAt = row?.enabledAt ?? null;
  return { enabledAt, recoveryCodesLeft: enabledAt ? Number(left?.n ?? 0) : 0 };
}

/** True when the administrator has an enabled second factor. */
export async function hasMfa(db: Db, adminId: number): Promise<boolean> {
  const [row] = await db.select({ id: adminMfa.adminId }).from(adminMfa).where(and(eq(adminMfa.adminId, adminId), isNotNull(adminMfa.enabledAt)));
  return Boolean(row);
}

/**
 * Starts (or restarts) an enrolment: a new secret, sealed, waiting for its first code.
 * @returns the secret as base32 text, its otpauth URI and a PNG QR code of that URI as a data URL
 * @throws AppError 422 errors.code when a second factor is already enabled
 */
export async function startEnrolment(db: Db, box: SecretBox, admin: { id: number; email: string }) {
  if (await hasMfa(db, admin.id)) throw fieldError('code', MFA_TEXTS.alreadyEnabled);
  const secret = new Secret({ size: 20 }).base32;
  const sealed = box.encrypt(secret);
  await auditedWrite(db, (tx) =>
    tx
      .insert(adminMfa)
      .values({ adminId: admin.id, secretEnc: sealed })
      .onConflictDoUpdate({ target: adminMfa.adminId, set: { secretEnc: sealed, enabledAt: null, lastStep: null, createdAt: sql`now()` } }),
  );
  const url = totpOf(secret, admin.email).toString();
  return { secret, otpauth_url: url, qr_code: await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 220 }) };
}

/**
 * Accepts a TOTP code once: valid within one step of now, and of a later step than the last accepted one.
 * @param pending - check the secret of an enrolment not confirmed yet (else only an enabled one)
 */
async function acceptTotp(db: Db, box: SecretBox, adminId: number, code: string, pending = false): Promise<boolean> {
  const [row] = await db
    .select({ secretEnc: adminMfa.secretEnc, enabledAt: adminMfa.enabledAt })
    .from(adminMfa)
    .where(eq(adminMfa.adminId, adminId));
  if (!row || (pending ? row.enabledAt !== null : row.enabledAt === null)) return false;
  const now = Date.now();
  const delta = totpOf(box.decrypt(row.secretEnc)).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = TOTP.counter({ period: PERIOD, timestamp: now }) + delta;
  // Atomic: of two requests with the same code, one only moves the step forward.
  const moved = await db
    .update(adminMfa)
    .set({ lastStep: step })
    .where(and(eq(adminMfa.adminId, adminId), or(isNull(adminMfa.lastStep), lt(adminMfa.lastStep, step))))
    .returning({ id: adminMfa.adminId });
  return moved.length > 0;
}

/** Spends one unused recovery code; false when it is unknown or already used. */
async function spendRecoveryCode(db: Db, box: SecretBox, adminId: number, code: string): Promise<boolean> {
  const normalised = normaliseRecovery(code);
  if (normalised.length !== 10) return false;
  const spent = await db
    .update(adminMfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(adminMfaRecoveryCodes.adminId, adminId),
        eq(adminMfaRecoveryCodes.codeHash, box.hmac(normalised)),
        isNull(adminMfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminMfaRecoveryCodes.id });
  return spent.length > 0;
}

/** The step a second-factor code is asked for (the detail of a refused code's audit entry). */
export type MfaStep = 'sign_in' | 'step_up' | 'enable' | 'disable';

/**
 * Checks a second-factor code of an enabled factor, throttled per administrator and IP. A wrong code leaves its
 * audit entry (`sessions` / `mfa_failed`, the step; under the current scope's actor), kept whatever follows.
 * @param opts.recovery - a recovery code is accepted too (sign-in); otherwise only a TOTP code
 * @param opts.step - what the code is asked for
 * @throws AppError 429 from the 6th attempt in a minute (same message as the sign-in), 422 errors.code when wrong
 */
export async function verifySecondFactor(
  db: Db,
  box: SecretBox,
  adminId: number,
  ip: string,
  code: string,
  opts: { recovery?: boolean; pending?: boolean; step: MfaStep },
): Promise<void> {
  const key = mfaThrottleKey(adminId, ip);
  const attempt = await takeAttempt(db, key);
  if (!attempt.allowed) throw new AppError(429, throttledMessage(' de connexion', attempt.retryAfter));
  const compact = code.replace(/\s/g, '');
  const ok = /^[0-9]{6}$/.test(compact)
    ? await acceptTotp(db, box, adminId, compact, opts.pending)
    : opts.recovery === true && (await spendRecoveryCode(db, box, adminId, code));
  if (!ok) {
    // Its own statement, committed before the refusal is answered.
    await recordAudit(db, { resource: 'sessions', resourceId: adminId, action: 'mfa_failed', details: { step: opts.step } });
    throw fieldError('code', MFA_TEXTS.invalidCode);
  }
  await clearFailures(db, key);
}

/**
 * Confirms an enrolment with its first code: the factor is enabled, ten new recovery codes are made, and the session
 * the code was given on is marked as having passed it, in one transaction with the route's audit entry.
 * @param sessionId - the session the code was given on
 * @returns the recovery codes in clear, to show once
 * @throws AppError 422 errors.code when none was started, it is already enabled, or the code is wrong; 429 when throttled
 */
export async function confirmEnrolment(db: Db, box: SecretBox, adminId: number, ip: string, code: string, sessionId?: string): Promise<string[]> {
  const [row] = await db.select({ enabledAt: adminMfa.enabledAt }).from(adminMfa).where(eq(adminMfa.adminId, adminId));
  if (!row) throw fieldError('code', MFA_TEXTS.notStarted);
  if (row.enabledAt) throw fieldError('code', MFA_TEXTS.alreadyEnabled);
  await verifySecondFactor(db, box, adminId, ip, code, { pending: true, step: 'enable' });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await auditedWrite(db, async (tx) => {
    await tx.update(adminMfa).set({ enabledAt: sql`now()` }).where(eq(adminMfa.adminId, adminId));
    await tx.delete(adminMfaRecoveryCodes).where(eq(adminMfaRecoveryCodes.adminId, adminId));
    await tx.insert(adminMfaRecoveryCodes).values(codes.map((c) => ({ adminId, codeHash: box.hmac(normaliseRecovery(c)) })));
    if (sessionId) await markMfaVerified(tx, sessionId);
  });
  return codes;
}

/**
 * Disables the second factor with a current TOTP code: the secret and the recovery codes are deleted.
 * @param required - MFA_REQUIRED is on: refused
 * @throws AppError 422 errors.code when required, not enabled or the code is wrong; 429 when throttled
 */
export async function disableMfa(db: Db, box: SecretBox, adminId: number, ip: string, code: string, required: boolean): Promise<void> {
  if (required) throw fieldError('code', MFA_TEXTS.required);
  if (!(await hasMfa(db, adminId))) throw fieldError('code', MFA_TEXTS.notEnabled);
  await verifySecondFactor(db, box, adminId, ip, code, { step: 'disable' });
  await auditedWrite(db, async (tx) => {
    await tx.delete(adminMfaRecoveryCodes).where(eq(adminMfaRecoveryCodes.adminId, adminId));
    await tx.delete(adminMfa).where(eq(adminMfa.adminId, adminId));
  });
}
