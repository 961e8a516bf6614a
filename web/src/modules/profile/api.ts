/**
 * Profile calls: update, avatar upload and removal, password change (SPEC section 7 'Profile'), the second
 * factor (« Double authentification ») and « Mes sessions ».
 */
import type { z } from 'zod';
import type { mfaSetupResponse, mfaStatusResponse, sessionResponse } from '../../../../contract/mfa';
import { api, ok } from '../../api/client';
import { uploadFile, type UploadOptions } from '../../api/upload';
import type { AvatarResponse, MessageResponse, PasswordInput, Profile, ProfileInput } from '../../api/types';

/** POST /api/profile/updateAuthUser: saves first name, name and email; returns the profile. */
export function updateProfile(input: ProfileInput): Promise<Profile> {
  return ok(api.POST('/api/profile/updateAuthUser', { body: input }));
}

/** POST /api/profile/uploadAvatarAuthUser: one image as multipart field `file`, through the shared upload (`opts`). */
export function uploadAvatar(file: Blob, opts?: UploadOptions): Promise<AvatarResponse> {
  return uploadFile('/api/profile/uploadAvatarAuthUser', file, opts);
}

/** POST /api/profile/removeAvatarAuthUser: back to the default avatar. */
export function removeAvatar(): Promise<AvatarResponse> {
  return ok(api.POST('/api/profile/removeAvatarAuthUser'));
}

/** POST /api/profile/updatePasswordAuthUser. */
export function updatePassword(input: PasswordInput): Promise<MessageResponse> {
  return ok(api.POST('/api/profile/updatePasswordAuthUser', { body: input }));
}

/** Second-factor state, setup, recovery codes and a session of « Mes sessions » (contract/mfa.ts). */
export type MfaStatus = z.output<typeof mfaStatusResponse>;
export type MfaSetup = z.output<typeof mfaSetupResponse>;
export type SessionItem = z.output<typeof sessionResponse>;

/** Query keys of the second-factor state and of « Mes sessions ». */
export const MFA_STATUS_KEY = ['profile', 'mfa'] as const;
export const SESSIONS_KEY = ['profile', 'sessions'] as const;

/** GET /api/profile/mfa. */
export function fetchMfaStatus(): Promise<MfaStatus> {
  return ok(api.GET('/api/profile/mfa'));
}

/** POST /api/profile/mfa/setup: a new secret (text, otpauth URI, QR code data URL). */
export function setupMfa(): Promise<MfaSetup> {
  return ok(api.POST('/api/profile/mfa/setup'));
}

/** POST /api/profile/mfa/enable: the first code; returns the ten recovery codes, shown once. */
export async function enableMfa(code: string): Promise<string[]> {
  return (await ok(api.POST('/api/profile/mfa/enable', { body: { code } }))).recovery_codes;
}

/** POST /api/profile/mfa/disable with a current code. */
export function disableMfa(code: string): Promise<MfaStatus> {
  return ok(api.POST('/api/profile/mfa/disable', { body: { code } }));
}

/** GET /api/profile/sessions: the signed-in sessions, most recently seen first. */
export function fetchSessions(): Promise<SessionItem[]> {
  return ok(api.GET('/api/profile/sessions'));
}

/** POST /api/profile/sessions/{sessionId}/revoke. */
export async function revokeSession(sessionId: string): Promise<void> {
  await ok(api.POST('/api/profile/sessions/{sessionId}/revoke', { params: { path: { sessionId } } }));
}

/** POST /api/profile/sessions/revoke-others: how many sessions ended. */
export async function revokeOtherSessions(): Promise<number> {
  return (await ok(api.POST('/api/profile/sessions/revoke-others'))).count;
}
