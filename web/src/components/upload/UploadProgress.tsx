/**
 * `UploadProgress`: a file going out (web/src/api/upload.ts): a bar of the bytes sent, « 3,2 Mo envoyés sur
 * 9,4 Mo » (French units, lib/bytes.ts) and « Annuler l’envoi », which aborts the request (the server keeps
 * nothing of a cut upload). Shared by every upload (news and deals CSV, feed files, avatar).
 */
import { Button, Flex, Progress, Typography } from 'antd';
import type { UploadProgress as Progressed } from '../../api/upload';
import { bytesText } from '../../lib/bytes';

/** Toast of an upload cancelled by « Annuler l’envoi ». */
export const UPLOAD_CANCELLED = 'Envoi annulé\u00a0: le fichier n’a pas été envoyé, rien n’a été enregistré.';

/** Text of the bytes sent: « 3,2 Mo envoyés sur 9,4 Mo ». */
export function sentText({ loaded, total }: Progressed): string {
  return `${bytesText(loaded)} envoyés sur ${bytesText(total)}`;
}

/** Props of `UploadProgress`. */
export interface UploadProgressProps {
  progress: Progressed;
  onCancel: () => void;
  /** Smaller, for a header (the feed files' button). */
  compact?: boolean;
}

/** The bar, the bytes sent and the cancel button (`data-testid="upload-progress"`). */
export function UploadProgress({ progress, onCancel, compact }: UploadProgressProps) {
  const percent = progress.total ? Math.floor((progress.loaded / progress.total) * 100) : 0;
  return (
    <Flex vertical gap={4} align="stretch" data-testid="upload-progress" style={{ minWidth: compact ? 220 : 280, maxWidth: 480, width: '100%' }}>
      <Typography.Text strong role="status">
        Envoi du fichier…
      </Typography.Text>
      <Progress percent={percent} status="active" size={compact ? 'small' : 'default'} aria-label="Progression de l’envoi du fichier" />
      <Flex gap={8} align="center" justify="space-between" wrap>
        <Typography.Text type="secondary" data-testid="upload-sent" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {sentText(progress)}
        </Typography.Text>
        <Button size="small" onClick={onCancel} data-testid="upload-cancel">
          Annuler l’envoi
        </Button>
      </Flex>
    </Flex>
  );
}
