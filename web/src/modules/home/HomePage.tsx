/**
 * /home dashboard (root of every breadcrumb, SPEC section 2): greeting and the
 * administrators, API customers and groups counters.
 */
import { ApiOutlined, ClusterOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, Col, Row, Typography } from 'antd';
import { GENERIC_ERROR } from '../../api/errors';
import { PageHeader } from '../../components/layout/PageHeader';
import { useCurrentUser } from '../auth/CurrentUserContext';
import { useGroupCounts } from '../groups/useGroupCounts';
import { StatCard } from './StatCard';
import { useDashboardStats } from './useDashboardStats';

/** Dashboard (/home): greeting and the administrators / API customers / groups counters. */
export default function HomePage() {
  const user = useCurrentUser();
  const stats = useDashboardStats();
  const groups = useGroupCounts();
  const cards = [
    { title: 'Administrateurs', icon: <TeamOutlined aria-hidden />, counts: stats.data?.admins, to: '/admins', testId: 'stat-admins' },
    { title: "Clients de l'api", icon: <ApiOutlined aria-hidden />, counts: stats.data?.customers, to: '/customers', testId: 'stat-customers' },
    { title: 'Groupes', icon: <ClusterOutlined aria-hidden />, counts: groups.counts, to: '/groups', testId: 'stat-groups' },
  ];
  return (
    <>
      <PageHeader title="Tableau de bord" />
      <Typography.Paragraph type="secondary">{`Bonjour ${user.firstname || user.name}, bienvenue sur Vigie.`}</Typography.Paragraph>
      {stats.isError || groups.isError ? <Alert type="error" showIcon title={GENERIC_ERROR} style={{ marginBottom: 16 }} /> : null}
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
