/**
 * Update-log statistics block: totals and charts, or the 'error' alert when loading
 * fails (SPEC section 2 'Update log', section 8).
 */
import { Alert } from 'antd';
import { currentPeriod } from '../../lib/dates';
import { LogCharts } from './LogCharts';
import { LogFigures } from './LogFigures';
import { useLogStats } from './useLogStats';

/**
 * Statistics of the update log (GET /api/messages/getdatas): the three totals and the two charts;
 * when the call fails, an error alert saying 'error' (`data-testid="stats-error"`) instead.
 */
export function LogStatistics() {
  const { data, isError } = useLogStats();
  const { year, monthLabel } = currentPeriod();
  if (isError) {
    return <Alert type="error" showIcon title="error" data-testid="stats-error" style={{ marginBottom: 16 }} />;
  }
  return (
    <>
      <LogFigures stats={data} year={year} monthLabel={monthLabel} />
      <LogCharts stats={data} year={year} monthLabel={monthLabel} />
    </>
  );
}
