/** Icon button copying a text to the clipboard, with a confirmation or error toast (used by `SecretText`). */
import { CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { copyToClipboard } from '../lib/clipboard';
import { useNotify } from './feedback/useNotify';

/** Props of `CopyButton`. */
export interface CopyButtonProps {
  /** Text put in the clipboard. */
  text: string;
}

/** Icon button (aria-label 'Copier') copying `text`, then toasting 'Copié dans le presse-papiers'. */
export function CopyButton({ text }: CopyButtonProps) {
  const notify = useNotify();
  const onClick = async () => {
    if (await copyToClipboard(text)) notify.success('Copié dans le presse-papiers');
    else notify.error();
  };
  return (
    <Tooltip title="Copier">
      <Button
        type="text"
        size="small"
        aria-label="Copier"
        icon={<CopyOutlined aria-hidden />}
        onClick={() => void onClick()}
        data-testid="copy-button"
      />
    </Tooltip>
  );
}
