/**
 * Update log screen 'Journal des mises à jour' (/messages): statistics, charts and the
 * log table (SPEC section 2 'Update log').
 */
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
