/**
 * `RetryAlert`: the one error state of a block whose data could not be loaded: an
 * error alert (role alert) with a 'Réessayer' button, used by lists, statistics and, next, the feed
 * supervision pages.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';

/** Props of `RetryAlert`. */
export interface RetryAlertProps {
  /** What failed, as the user reads it. */
  title: ReactNode;
  /** Loads the data again. */
  onRetry: () => void;
  /** True while the retry runs: the button spins. */
  retrying?: boolean;
  /** `data-testid` of the alert. */
  testId: string;
}

/** An error alert titled `title` with a 'Réessayer' button calling `onRetry`. */
export function RetryAlert({ title, onRetry, retrying = false, testId }: RetryAlertProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      data-testid={testId}
      style={{ marginBottom: 16 }}
      action={
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={onRetry} loading={retrying}>
          Réessayer
        </Button>
      }
    />
  );
}
