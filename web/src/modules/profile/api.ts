/** Profile calls: update, avatar upload and removal, password change (SPEC section 7 'Profile'). */
import { api, fileBody, ok } from '../../api/client';
import type { AvatarResponse, MessageResponse, PasswordInput, Profile, ProfileInput } from '../../api/types';

/** POST /api/profile/updateAuthUser: saves first name, name and email; returns the profile. */
export function updateProfile(input: ProfileInput): Promise<Profile> {
  return ok(api.POST('/api/profile/updateAuthUser', { body: input }));
}

/** POST /api/profile/uploadAvatarAuthUser: one image as multipart field `file`. */
export function uploadAvatar(file: Blob): Promise<AvatarResponse> {
  return ok(api.POST('/api/profile/uploadAvatarAuthUser', fileBody(file)));
}

/** POST /api/profile/removeAvatarAuthUser: back to the default avatar. */
export function removeAvatar(): Promise<AvatarResponse> {
  return ok(api.POST('/api/profile/removeAvatarAuthUser'));
}

/** POST /api/profile/updatePasswordAuthUser. */
export function updatePassword(input: PasswordInput): Promise<MessageResponse> {
  return ok(api.POST('/api/profile/updatePasswordAuthUser', { body: input }));
}
