/**
 * /home dashboard (root of every breadcrumb, SPEC section 2): greeting and one counter card per module
 * of the registry that declares one (administrators, API customers, groups), all counted by the server;
 * below them the feed-health strip of /supervisions.
 */
import { Col, Row, Typography } from 'antd';
import { GENERIC_ERROR } from '../../api/errors';
import { RetryAlert } from '../../components/feedback/RetryAlert';
import { FeedHealthStrip } from '../../components/feeds/FeedHealthStrip';
import { PageHeader } from '../../components/layout/PageHeader';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { dashboardCards } from '../registry';
import { StatCard } from './StatCard';
import { useDashboardStats } from './useDashboardStats';

/**
 * Dashboard (/home): greeting and the registry's counter cards, fed by GET /api/dashboard/stats; when that
 * call fails, the error with 'Réessayer' (`data-testid="dashboard-error"`) above the empty cards.
 */
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
      {stats.isError ? (
        <RetryAlert title={GENERIC_ERROR} onRetry={() => void stats.refetch()} retrying={stats.isFetching} testId="dashboard-error" />
      ) : null}
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col xs={24} md={12} xl={8} key={card.testId}>
            <StatCard {...card} />
          </Col>
        ))}
      </Row>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        État des flux
      </Typography.Title>
      <FeedHealthStrip headingLevel={3} />
    </>
  );
}
