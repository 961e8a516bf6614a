/**
 * /home dashboard (root of every breadcrumb, SPEC section 2): greeting and one counter card per module
 * of the registry that declares one (administrators, API customers, groups), all counted by the server.
 */
import { Alert, Col, Row, Typography } from 'antd';
import { GENERIC_ERROR } from '../../api/errors';
import { PageHeader } from '../../components/layout/PageHeader';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { dashboardCards } from '../registry';
import { StatCard } from './StatCard';
import { useDashboardStats } from './useDashboardStats';

/** Dashboard (/home): greeting and the registry's counter cards, fed by GET /api/dashboard/stats. */
export default function HomePage() {
  const user = useCurrentUser();
  const stats = useDashboardStats();
  const cards = dashboardCards().map((card) => ({
    title: card.title,
    icon: card.icon,
    counts: stats.data?.[card.statsKey],
    to: card.to,
    testId: `stat-${card.statsKey}`,
  }));
  return (
    <>
      <PageHeader title="Tableau de bord" />
      <Typography.Paragraph type="secondary">{`Bonjour ${user.firstname || user.name}, bienvenue sur Vigie.`}</Typography.Paragraph>
      {stats.isError ? <Alert type="error" showIcon title={GENERIC_ERROR} style={{ marginBottom: 16 }} /> : null}
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col xs={24} md={12} xl={8} key={card.testId}>
            <StatCard {...card} />
          </Col>
        ))}
      </Row>
    </>
  );
}
