/** Profile avatar card: avatar, name and email with avatar upload and removal (SPEC section 2 'Profile'). */
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Flex, Typography, Upload } from 'antd';
import type { Profile } from '../../api/types';
import { UploadProgress } from '../../components/upload/UploadProgress';
import { useAvatarActions } from './useAvatarActions';

/** Images the avatar upload accepts. */
export const AVATAR_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';
/** The server's avatar URL when none is set. */
export const DEFAULT_AVATAR_URL = '/default-avatar.svg';

/** Props of `AvatarCard`. */
export interface AvatarCardProps {
  user: Profile;
}

/**
 * Profile summary: avatar, first name and name, email, with 'Changer l'avatar' (upload, one
 * request per selected file) and 'Supprimer l'avatar'.
 */
export function AvatarCard({ user }: AvatarCardProps) {
  const { upload, tracker, remove } = useAvatarActions();
  const hasCustomAvatar = Boolean(user.avatar_url) && user.avatar_url !== DEFAULT_AVATAR_URL;
  return (
    <Card>
      <Flex vertical align="center" gap={12} style={{ textAlign: 'center' }}>
        <Avatar src={user.avatar_url} size={112} alt="Avatar" data-testid="profile-avatar" />
        <div>
          <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }} data-testid="profile-name">
            {`${user.firstname} ${user.name}`.trim()}
          </Typography.Title>
          <Typography.Text type="secondary">{user.email}</Typography.Text>
        </div>
        <Flex gap={8} wrap justify="center">
          <Upload
            accept={AVATAR_ACCEPT}
            multiple
            showUploadList={false}
            customRequest={({ file, onSuccess, onError }) => {
              upload.mutate(file as Blob, {
                onSuccess: (answer) => onSuccess?.(answer),
                onError: (error) => onError?.(error as Error),
              });
            }}
          >
            <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending} data-testid="avatar-upload">
              Changer l’avatar
            </Button>
          </Upload>
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            disabled={!hasCustomAvatar}
            loading={remove.isPending}
            onClick={() => remove.mutate()}
            data-testid="avatar-remove"
          >
            Supprimer l’avatar
          </Button>
        </Flex>
        {tracker.progress ? <UploadProgress progress={tracker.progress} onCancel={tracker.cancel} compact /> : null}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          JPEG, PNG, WebP ou GIF.
        </Typography.Text>
      </Flex>
    </Card>
  );
}
