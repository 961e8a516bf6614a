/**
 * `StatsError`: the update log's statistics failure (SPEC section 8: an alert saying 'error'), with a
 * 'Réessayer' button (issue 7 section 3).
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';

/** Props of `StatsError`. */
export interface StatsErrorProps {
  /** Loads the statistics again. */
  onRetry: () => void;
  /** True while the retry runs: the button spins. */
  retrying: boolean;
}

/** The alert 'error' (`data-testid="stats-error"`, role alert) with a 'Réessayer' button. */
export function StatsError({ onRetry, retrying }: StatsErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      title="error"
      data-testid="stats-error"
      style={{ marginBottom: 16 }}
      action={
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={onRetry} loading={retrying}>
          Réessayer
        </Button>
      }
    />
  );
}
