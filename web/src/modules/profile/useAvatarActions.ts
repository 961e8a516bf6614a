/**
 * `useAvatarActions`: avatar upload and removal mutations, with the errors.file toast
 * on upload failure (SPEC sections 7 'Profile' and 8).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AvatarResponse, Profile } from '../../api/types';
import { isUploadAborted } from '../../api/upload';
import { useNotify } from '../../components/feedback/useNotify';
import { UPLOAD_CANCELLED } from '../../components/upload/UploadProgress';
import { useUploadProgress } from '../../components/upload/useUploadProgress';
import { AUTH_USER_KEY } from '../auth/api';
import { removeAvatar, uploadAvatar } from './api';

/**
 * Avatar upload (one call per file; 422 -> toast of the first errors.file message) and removal.
 * Both put the new `avatar_url` in the cached profile, so the header updates at once. `tracker`: the bytes sent
 * and the cancel of the upload under way.
 */
export function useAvatarActions() {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const applyAvatar = ({ avatar_url }: AvatarResponse) => {
    queryClient.setQueryData<Profile | null>(AUTH_USER_KEY, (user) => (user ? { ...user, avatar_url } : user));
    notify.success();
  };
  const tracker = useUploadProgress();
  const upload = useMutation({
    mutationFn: (file: Blob) => tracker.run(file, uploadAvatar),
    onSuccess: applyAvatar,
    onError: (error) => (isUploadAborted(error) ? notify.info(UPLOAD_CANCELLED) : notify.apiError(error, 'file')),
  });
  const remove = useMutation({
    mutationFn: removeAvatar,
    onSuccess: applyAvatar,
    onError: (error) => notify.apiError(error),
  });
  return { upload, tracker, remove };
}
