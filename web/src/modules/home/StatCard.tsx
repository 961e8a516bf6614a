/** Dashboard counter card: active / total accounts with a ratio bar and a link to their list. */
import { ArrowRightOutlined } from '@ant-design/icons';
import { Card, Flex, Progress, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ActiveTotal } from '../../api/types';

/** Props of `StatCard`. */
export interface StatCardProps {
  title: string;
  icon: ReactNode;
  /** Counts; undefined while loading. */
  counts: ActiveTotal | undefined;
  /** Page listing these accounts. */
  to: string;
  testId: string;
}

/** Dashboard card: '{active} actifs / {total} au total' with a ratio bar and a link to the list. */
export function StatCard({ title, icon, counts, to, testId }: StatCardProps) {
  const active = counts?.active ?? 0;
  const total = counts?.total ?? 0;
  return (
    <Card loading={!counts} data-testid={testId}>
      <Flex justify="space-between" align="flex-start">
        <Statistic
          title={title}
          value={active}
          suffix={<span style={{ fontSize: 16, color: '#64748b' }}>{`${active > 1 ? 'actifs' : 'actif'} / ${total} au total`}</span>}
        />
        <span style={{ fontSize: 28, color: '#1d4ed8' }}>{icon}</span>
      </Flex>
      <Progress
        percent={total ? Math.round((active / total) * 100) : 0}
        showInfo={false}
        size="small"
        aria-label={`${title} actifs sur le total`}
      />
      <Typography.Text type="secondary">
        <Link to={to}>
          Voir la liste <ArrowRightOutlined aria-hidden />
        </Link>
      </Typography.Text>
    </Card>
  );
}
