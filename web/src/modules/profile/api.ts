/** Profile calls: update, avatar upload and removal, password change (SPEC section 7 'Profile'). */
import { apiPost, apiUpload } from '../../api/client';
import type { AvatarResponse, MessageResponse, PasswordInput, Profile, ProfileInput } from '../../api/types';

/** POST /api/profile/updateAuthUser: saves first name, name and email; returns the profile. */
export function updateProfile(input: ProfileInput): Promise<Profile> {
  return apiPost<Profile>('/api/profile/updateAuthUser', input);
}

/** POST /api/profile/uploadAvatarAuthUser: one image as multipart field `file`. */
export function uploadAvatar(file: Blob): Promise<AvatarResponse> {
  return apiUpload<AvatarResponse>('/api/profile/uploadAvatarAuthUser', file, 'file');
}

/** POST /api/profile/removeAvatarAuthUser: back to the default avatar. */
export function removeAvatar(): Promise<AvatarResponse> {
  return apiPost<AvatarResponse>('/api/profile/removeAvatarAuthUser');
}

/** POST /api/profile/updatePasswordAuthUser. */
export function updatePassword(input: PasswordInput): Promise<MessageResponse> {
  return apiPost<MessageResponse>('/api/profile/updatePasswordAuthUser', input);
}
