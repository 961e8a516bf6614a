/**
 * /news/import screen 'Import CSV' (SPEC sections 2 "News" and 4 "CSV news import flow"): the picker and the template, the job's progress while the file is read, then the rows to
 * review, fix and Process.
 */
import { Card, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useNotify } from '../../../components/feedback/useNotify';
import { GENERIC_ERROR } from '../../../api/errors';
import { TemplateButton } from '../../../components/download/TemplateButton';
import { RetryAlert } from '../../../components/feedback/RetryAlert';
import { PageHeader } from '../../../components/layout/PageHeader';
import { IMPORT_TITLE, NEWS_TITLE } from '../texts';
import { downloadTemplate } from './api';
import { ImportFailed } from './ImportFailed';
import { ImportProgress } from './ImportProgress';
import { ImportReview } from './ImportReview';
import { ImportUpload } from './ImportUpload';
import { LastImport } from './LastImport';
import { useImportStatus } from './useImportStatus';
import { RECEIVED_TOAST_KEY } from './useUploadCsv';

/**
 * The import screen, by the state of the administrator's import: loading (skeleton); a file being read
 * (spinner, progress bar, rows read; polled); rows waiting (summary, 'Annuler l'import', 'Process', the
 * rows); otherwise the `.csv` picker, under the error of a failed import or the summary of the latest one. 'Télécharger le modèle' is
 * always in the header.
 */
export default function ImportPage() {
  const status = useImportStatus();
  const { job, summary } = status;
  const notify = useNotify();
  const ended = job?.state === 'done' || job?.state === 'failed';
  // The « Fichier reçu » toast has said its piece once the result (rows to review, or the failure) is shown.
  useEffect(() => {
    if (ended && !status.busy) notify.dismiss(RECEIVED_TOAST_KEY);
  }, [ended, status.busy, notify]);
  let body;
  if (status.loading) {
    body = (
      <Card data-testid="import-loading">
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  } else if (status.error) {
    body = <RetryAlert title={GENERIC_ERROR} onRetry={status.retry} testId="import-error" />;
  } else if (status.busy) {
    body = <ImportProgress job={job} />;
  } else if (summary && summary.rows_total > 0) {
    body = <ImportReview job={job} summary={summary} />;
  } else {
    body = (
      <>
        {job?.state === 'failed' ? <ImportFailed job={job} /> : null}
        {job?.state === 'done' ? <LastImport job={job} /> : null}
        <Card>
          <ImportUpload />
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader title={IMPORT_TITLE} breadcrumb={[{ title: NEWS_TITLE, to: '/news' }, { title: IMPORT_TITLE }]} extra={<TemplateButton download={downloadTemplate} testId="news-template" />} />
      {body}
    </>
  );
}
