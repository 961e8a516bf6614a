/**
 * The failure of the latest import: the job's French error, above the picker. It can be closed, and stays
 * closed for that import (a newer failure shows again).
 */
import { Alert } from 'antd';
import type { Job } from '../../../api/types';
import { useStoredFlag } from '../../../lib/useStoredFlag';

/** Props of `ImportFailed`. */
export interface ImportFailedProps {
  job: Job;
}

/** An error alert (`data-testid="import-failed"`) naming the file and saying why its import failed; closable. */
export function ImportFailed({ job }: ImportFailedProps) {
  const [dismissed, setDismissed] = useStoredFlag(`vigie.news.import.failure-dismissed.${job.id}`, false);
  if (dismissed) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={job.filename ? `L’import de «\u00a0${job.filename}\u00a0» a échoué` : 'L’import a échoué'}
      description={job.error ?? undefined}
      closable={{ 'aria-label': 'Fermer' }}
      onClose={() => setDismissed(true)}
      data-testid="import-failed"
      style={{ marginBottom: 16 }}
    />
  );
}
