/**
 * The feed-health strip, shown on /supervisions and on /home: one card per feed
 * (BODACC, INSEE Sirene) with its last success, its age against the expected period in green / orange /
 * red, its consecutive failures (with a red « Dernier import en échec » tag beside the age's, so that a fresh
 * feed whose latest imports fail does not read as merely « À jour ») and whether its scheduled fetch is on. Read from
 * `GET /api/supervisions/health`, again every minute (the age moves) and whenever an import ends.
 */
import { Badge, Card, Col, Flex, Row, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { GENERIC_ERROR } from '../../api/errors';
import { formatDateTimeSeconds } from '../../lib/dates';
import { RetryAlert } from '../feedback/RetryAlert';
import { FEED_HEALTH_KEY, fetchFeedHealth, type FeedHealth } from './api';
import { ageText, FAILING_LABEL, failuresText, LEVEL_COLORS, LEVEL_LABELS, scheduledText } from './healthText';

/** How often the strip is read again while shown (its ages move with time). */
export const HEALTH_POLL_MS = 60_000;

/** The feeds shown while the first answer is awaited (skeleton cards). */
const PLACEHOLDERS = ['bodacc', 'sirene'];

/** One feed's card (`data-testid="feed-health-{feed}"`, `data-level` = green | orange | red | none). */
function FeedHealthCard({ health, headingLevel }: { health: FeedHealth; headingLevel: 2 | 3 }) {
  const color = LEVEL_COLORS[health.level];
  return (
    <Card
      size="small"
      data-testid={`feed-health-${health.feed}`}
      data-level={health.level}
      title={
        <Typography.Title level={headingLevel} style={{ fontSize: 16, margin: 0 }}>
          {health.label}
        </Typography.Title>
      }
      extra={
        <Flex gap={4}>
          <Tag color={color} variant="outlined" data-testid="feed-health-level">
            {LEVEL_LABELS[health.level]}
          </Tag>
          {health.consecutive_failures > 0 ? (
            // The age says how fresh the data is; this says that the imports since then failed (both are true).
            <Tag color="error" data-testid="feed-health-failing">
              {FAILING_LABEL}
            </Tag>
          ) : null}
        </Flex>
      }
    >
      <Flex vertical gap={4}>
        <Typography.Text data-testid="feed-health-last">
          {'Dernier succès\u00a0: '}
          <strong>{health.last_success ? formatDateTimeSeconds(health.last_success) : 'jamais'}</strong>
        </Typography.Text>
        <Badge status={color} text={ageText(health)} data-testid="feed-health-age" />
        <Typography.Text type={health.consecutive_failures > 0 ? 'danger' : 'secondary'} data-testid="feed-health-failures">
          {failuresText(health.consecutive_failures)}
        </Typography.Text>
        <Typography.Text type="secondary" data-testid="feed-health-scheduled">
          {scheduledText(health.scheduled)}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/**
 * The strip (`data-testid="feed-health"`, a region named « État des flux »): a card per feed, skeleton
 * cards while loading, the error with 'Réessayer' when the call fails. Each card's title is a heading of
 * `headingLevel` (2 by default; 3 under a section heading, as on /home).
 */
export function FeedHealthStrip({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const query = useQuery({
    queryKey: FEED_HEALTH_KEY,
    queryFn: ({ signal }) => fetchFeedHealth(signal),
    refetchInterval: HEALTH_POLL_MS,
  });
  return (
    <section aria-label="État des flux" data-testid="feed-health" style={{ marginBottom: 16 }}>
      {query.isError ? (
        <RetryAlert title={GENERIC_ERROR} onRetry={() => void query.refetch()} retrying={query.isFetching} testId="feed-health-error" />
      ) : (
        <Row gutter={[16, 16]}>
          {query.data
            ? query.data.map((health) => (
                <Col xs={24} md={12} key={health.feed}>
                  <FeedHealthCard health={health} headingLevel={headingLevel} />
                </Col>
              ))
            : PLACEHOLDERS.map((feed) => (
                <Col xs={24} md={12} key={feed}>
                  <Card size="small" loading />
                </Col>
              ))}
        </Row>
      )}
    </section>
  );
}
