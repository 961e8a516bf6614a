/**
 * Update-log statistics block: totals and charts, or the 'error' alert when loading
 * fails, with a 'Réessayer' button (SPEC section 2 'Update log', section 8).
 */
import { RetryAlert } from '../../components/feedback/RetryAlert';
import { currentPeriod } from '../../lib/dates';
import { LogCharts } from './LogCharts';
import { LogFigures } from './LogFigures';
import { useLogStats } from './useLogStats';

/**
 * Statistics of the update log (GET /api/messages/getdatas): the three totals and the two charts;
 * when the call fails, an error alert saying 'error' (`data-testid="stats-error"`) with 'Réessayer' instead.
 */
export function LogStatistics() {
  const { data, isError, isFetching, refetch } = useLogStats();
  const { year, monthLabel } = currentPeriod();
  // SPEC section 8: the alert says 'error'.
  if (isError) return <RetryAlert title="error" onRetry={() => void refetch()} retrying={isFetching} testId="stats-error" />;
  return (
    <>
      <LogFigures stats={data} year={year} monthLabel={monthLabel} />
      <LogCharts stats={data} year={year} monthLabel={monthLabel} />
    </>
  );
}
