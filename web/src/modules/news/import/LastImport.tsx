/**
 * The summary of the administrator's latest news import once its rows have been processed or cancelled (its job's
 * `result.summary`, contract/import-summary.ts), above the picker: the file, when it ended, and what it did.
 */
import { Alert } from 'antd';
import type { Job } from '../../../api/types';
import { importSummaryText, summaryOf } from '../../../components/imports/summaryText';
import { formatDateTime } from '../../../lib/dates';

/**
 * An info alert (`data-testid="last-import"`): « Dernier import : « f.csv », le 27/11/2026 02:10 » and
 * « 120 lignes lues · 118 prêtes · 2 en erreur »; nothing for a job without a summary.
 */
export function LastImport({ job }: { job: Job }) {
  const summary = summaryOf(job.result?.summary);
  if (!summary) return null;
  const file = job.filename ? `«\u00a0${job.filename}\u00a0»` : 'fichier sans nom';
  const when = job.finished_at ? `, le ${formatDateTime(job.finished_at)}` : '';
  return (
    <Alert
      type="info"
      showIcon
      title={`Dernier import\u00a0: ${file}${when}`}
      description={importSummaryText(summary, { created: ['prête', 'prêtes'] })}
      data-testid="last-import"
      style={{ marginBottom: 16 }}
    />
  );
}
