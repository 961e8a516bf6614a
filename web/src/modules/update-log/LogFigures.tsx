/** Update-log total cards: this year, last year, this month (SPEC section 3 'Statistics response'). */
import { Card, Col, Row, Statistic } from 'antd';
import type { LogStats } from '../../api/types';

/** Props of `LogFigures`. */
export interface LogFiguresProps {
  /** Statistics; undefined while loading. */
  stats: LogStats | undefined;
  /** Current year and month label (Europe/Paris), e.g. '2026' and 'novembre 2026'. */
  year: string;
  monthLabel: string;
}

const formatCount = (value: number | string | undefined) => Number(value ?? 0).toLocaleString('fr-FR');

/** The three totals of processed SIRENs: this year, last year, this month (`data-testid="stat-*"`). */
export function LogFigures({ stats, year, monthLabel }: LogFiguresProps) {
  const figures = [
    { testId: 'stat-this-year', title: `Cette année (${year})`, value: stats?.thisYear },
    { testId: 'stat-last-year', title: `Année précédente (${Number(year) - 1})`, value: stats?.lastYear },
    { testId: 'stat-this-month', title: `Ce mois-ci (${monthLabel})`, value: stats?.thisMonth },
  ];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {figures.map((figure) => (
        <Col key={figure.testId} xs={24} md={8}>
          <Card size="small" data-testid={figure.testId}>
            <Statistic title={figure.title} value={figure.value ?? 0} loading={!stats} formatter={formatCount} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
