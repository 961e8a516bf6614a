/**
 * Second factor (TOTP, RFC 6238) and session payloads of the administrators: enrolment from the profile
 * (« Double authentification »), the code step of the sign-in (« Code de vérification »), the step-up asked
 * before a customer's secrets change, and « Mes sessions ».
 */
import { z } from 'zod';
import { frenchError } from './fields';

/** Label of the code field, in the sign-in step, the enrolment and the step-up modal. */
export const MFA_CODE_LABEL = 'Code de vérification';

/** Machine-readable reasons of the 403 answers (`code` beside `message`). */
export const MFA_REASONS = {
  /** MFA_REQUIRED and no second factor yet: only the enrolment routes answer. */
  enrolmentRequired: 'mfa_enrolment_required',
  /** A customer's secret is about to change: a code of the last 10 minutes is needed. */
  stepUp: 'mfa_step_up',
} as const;

/** French texts shared by the server and the web. */
export const MFA_TEXTS = {
  invalidCode: 'Le code de vérification est invalide.',
  pendingExpired: 'La vérification a expiré\u00a0: reconnectez-vous.',
  enrolmentRequired: 'La double authentification est obligatoire\u00a0: activez-la dans Mon profil avant de continuer.',
  stepUp: 'Saisissez un code de vérification pour confirmer cette opération.',
  alreadyEnabled: 'La double authentification est déjà activée.',
  notStarted: 'Commencez par afficher le QR code.',
  notEnabled: 'La double authentification n’est pas activée.',
  required: 'La double authentification est obligatoire\u00a0: elle ne peut pas être désactivée.',
  sessionNotFound: 'Session introuvable.',
  superAdminOnly: 'Seul le Super admin peut terminer les sessions d’un administrateur.',
} as const;

/** A code as typed: 6 digits (spaces allowed) or a recovery code `xxxxx-xxxxx`. */
export const mfaCodeBody = z
  .object({
    code: z
      .string({ error: frenchError(MFA_CODE_LABEL) })
      .trim()
      .min(1, { error: frenchError(MFA_CODE_LABEL) })
      .max(64, { error: frenchError(MFA_CODE_LABEL) }),
  })
  .meta({ id: 'MfaCode' });

/** 202 of `POST /api/login` when the password is right and a code is needed next. */
export const loginChallengeResponse = z
  .object({ two_factor: z.literal(true), message: z.string() })
  .meta({ id: 'LoginChallenge' });

/** 403 of the second-factor gates: `code` is one of `MFA_REASONS`. */
export const mfaDeniedBody = z.object({ message: z.string(), code: z.string() }).meta({ id: 'MfaDenied' });

/** State of the signed-in administrator's second factor. */
export const mfaStatusResponse = z
  .object({
    enabled: z.boolean(),
    /** ISO 8601, null when disabled. */
    enabled_at: z.string().nullable(),
    recovery_codes_left: z.number(),
    /** MFA_REQUIRED is on: it cannot be disabled, and must be enrolled before anything else. */
    required: z.boolean(),
  })
  .meta({ id: 'MfaStatus' });

/** A new secret to scan: QR code as a PNG data URL, the secret as text, and its otpauth URI. */
export const mfaSetupResponse = z
  .object({ secret: z.string(), otpauth_url: z.string(), qr_code: z.string() })
  .meta({ id: 'MfaSetup' });

/** The ten recovery codes, shown once. */
export const mfaRecoveryCodesResponse = z.object({ recovery_codes: z.array(z.string()) }).meta({ id: 'MfaRecoveryCodes' });

/** One signed-in session in « Mes sessions ». */
export const sessionResponse = z
  .object({
    id: z.string(),
    /** e.g. « Firefox 128 · Linux », or « Appareil inconnu ». */
    device: z.string(),
    ip: z.string().nullable(),
    created_at: z.string(),
    last_seen_at: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'Session' });

/** Sessions ended by a bulk revocation. */
export const revokedCountResponse = z.object({ count: z.number() }).meta({ id: 'RevokedCount' });

/** Path of one session. */
export const sessionParams = z.object({ sessionId: z.string().regex(/^[0-9a-f]{64}$/, { error: MFA_TEXTS.sessionNotFound }) });
