/** The failure of the latest import: the job's French error, above the picker. */
import { Alert } from 'antd';
import type { Job } from '../../../api/types';

/** Props of `ImportFailed`. */
export interface ImportFailedProps {
  job: Job;
}

/** An error alert (`data-testid="import-failed"`) naming the file and saying why its import failed. */
export function ImportFailed({ job }: ImportFailedProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={job.filename ? `L'import de «\u00a0${job.filename}\u00a0» a échoué` : "L'import a échoué"}
      description={job.error ?? undefined}
      data-testid="import-failed"
      style={{ marginBottom: 16 }}
    />
  );
}
