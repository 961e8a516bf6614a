/** Profile calls: update, avatar upload and removal, password change (SPEC section 7 'Profile'). */
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
