/**
 * The review of an imported file on /news/import (SPEC section 2 "News"): what was read,
 * 'Annuler l'import' and 'Process', the lines whose SIRET was taken for its SIREN, then the rows with their errors.
 */
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex } from 'antd';
import type { Job, NewsTemporariesPage } from '../../../api/types';
import { ExportCsvButton } from '../../../components/list/ExportCsvButton';
import { lineCount } from '../texts';
import { ImportSiretNotes } from './ImportSiretNotes';
import { TemporaryList } from './TemporaryList';
import { useImportActions } from './useImportActions';
import { ONLY_ERRORS } from './queries';

/** The rows in error, in file order: what « Télécharger les lignes en erreur (CSV) » downloads. */
const ERROR_ROWS = { search: ONLY_ERRORS, orderBy: { column: 'id', direction: 'asc' as const } };

/** Props of `ImportReview`. */
export interface ImportReviewProps {
  job: Job | null;
  summary: Pick<NewsTemporariesPage, 'rows_total' | 'rows_in_error'>;
}

/** What was read and what to do next. */
function reviewText(job: Job | null, { rows_total, rows_in_error }: ImportReviewProps['summary']): string {
  const file = job?.filename ? ` de «\u00a0${job.filename}\u00a0»` : '';
  const read = `${lineCount(rows_total)} importée${rows_total > 1 ? 's' : ''}${file}`;
  if (rows_in_error === 0) return `${read}, sans erreur\u00a0: Process les ajoute aux news en attente.`;
  return `${read}, dont ${lineCount(rows_in_error)} en erreur\u00a0: effacez-les ou annulez l’import avant Process.`;
}

/**
 * A card: the summary (warning while rows are in error, `data-testid="import-summary"`), while rows are in
 * error « Télécharger les lignes en erreur (CSV) » (each with its line, its columns as read and its messages),
 * 'Annuler l'import' and 'Process' (spins while it runs), the SIRET lines if any, then the rows.
 */
export function ImportReview({ job, summary }: ImportReviewProps) {
  const { process, cancel } = useImportActions();
  return (
    <Card>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Alert
          type={summary.rows_in_error ? 'warning' : 'success'}
          showIcon
          title={reviewText(job, summary)}
          data-testid="import-summary"
          style={{ flex: '1 1 320px' }}
        />
        <Flex gap={8} wrap>
          {summary.rows_in_error ? (
            <ExportCsvButton
              target={{ path: '/api/news/temporaries/export.csv' }}
              state={ERROR_ROWS}
              label="Télécharger les lignes en erreur (CSV)"
              testId="import-error-rows"
            />
          ) : null}
          <Button danger icon={<CloseOutlined aria-hidden />} onClick={cancel} data-testid="import-cancel">
            Annuler l'import
          </Button>
          <Button
            type="primary"
            icon={<CheckOutlined aria-hidden />}
            loading={process.isPending}
            onClick={() => {
              if (!process.isPending) process.mutate();
            }}
            data-testid="import-process"
          >
            Process
          </Button>
        </Flex>
      </Flex>
      <ImportSiretNotes job={job} />
      <TemporaryList summary={summary} />
    </Card>
  );
}
