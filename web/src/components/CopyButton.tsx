/**
 * Icon button copying a text to the clipboard, with a confirmation or error toast (used by `SecretText`
 * and the customers' Client_id cells).
 */
import { CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { copyToClipboard } from '../lib/clipboard';
import { useNotify } from './feedback/useNotify';

/** Props of `CopyButton`. */
export interface CopyButtonProps {
  /** Text put in the clipboard. */
  text: string;
  /** Accessible name and tooltip, 'Copier' by default; name what is copied when a row has several (e.g. 'Copier le Client_id (Prod)'). */
  label?: string;
}

/** Icon button (aria-label `label`, 'Copier' by default) copying `text`, then toasting 'Copié dans le presse-papiers'. */
export function CopyButton({ text, label = 'Copier' }: CopyButtonProps) {
  const notify = useNotify();
  const onClick = async () => {
    if (await copyToClipboard(text)) notify.success('Copié dans le presse-papiers');
    else notify.error();
  };
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        icon={<CopyOutlined aria-hidden />}
        onClick={() => void onClick()}
        data-testid="copy-button"
      />
    </Tooltip>
  );
}
