import { PageHeader } from '../../components/layout/PageHeader';
import { LogStatistics } from './LogStatistics';
import { LogTable } from './LogTable';

/** Page title and breadcrumb label of the update log. */
const TITLE = 'Journal des mises à jour';

/** Update log (/messages): statistics and charts of processed SIRENs, then the log table. */
export default function UpdateLogPage() {
  return (
    <>
      <PageHeader title={TITLE} breadcrumb={[{ title: TITLE }]} />
      <LogStatistics />
      <LogTable />
    </>
  );
}
