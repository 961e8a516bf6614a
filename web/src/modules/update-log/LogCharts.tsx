/**
 * The two 'Sirens traités' bar charts of the update log, per month (JAN-DEC) and per
 * day (01-31) (SPEC section 2 'Update log').
 */
import { Card, Col, Row, Skeleton } from 'antd';
import { useMemo } from 'react';
import type { LogStats } from '../../api/types';
import { BarChart } from '../../components/charts/BarChart';
import { countsSeries, DAY_LABELS, MONTH_LABELS } from './chartSeries';

/** Title of both charts. */
const CHART_TITLE = 'Sirens traités';

/** Props of `LogCharts`. */
export interface LogChartsProps {
  /** Statistics; undefined while loading. */
  stats: LogStats | undefined;
  year: string;
  monthLabel: string;
}

/**
 * The two 'Sirens traités' bar charts: per month of the current year (JAN..DEC,
 * `data-testid="chart-months"`) and per day of the current month (01..31, `chart-days`).
 */
export function LogCharts({ stats, year, monthLabel }: LogChartsProps) {
  const monthValues = useMemo(() => countsSeries(stats?.months, 12), [stats?.months]);
  const dayValues = useMemo(() => countsSeries(stats?.days, 31), [stats?.days]);
  const charts = [
    {
      key: 'months',
      period: year,
      labels: MONTH_LABELS,
      values: monthValues,
      ariaLabel: `Sirens traités par mois en ${year}`,
    },
    {
      key: 'days',
      period: monthLabel,
      labels: DAY_LABELS,
      values: dayValues,
      ariaLabel: `Sirens traités par jour en ${monthLabel}`,
    },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {charts.map((chart) => (
        <Col key={chart.key} xs={24} xxl={12}>
          <Card title={CHART_TITLE} extra={<span style={{ color: '#64748b' }}>{chart.period}</span>}>
            {stats ? (
              <BarChart
                testId={`chart-${chart.key}`}
                labels={chart.labels}
                series={[{ label: CHART_TITLE, values: chart.values }]}
                ariaLabel={chart.ariaLabel}
              />
            ) : (
              <Skeleton active paragraph={{ rows: 6 }} />
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
