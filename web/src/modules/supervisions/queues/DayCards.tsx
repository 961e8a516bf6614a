/**
 * The four cards of the queue pages (SPEC section 2 "Supervision"): J, J-1, J-2 and
 * J-3 (Paris days), each with its date and its total labelled « Total Sirens », and, when given, the
 * processing window of that day (first and last entry processed, DD/MM/YYYY HH:mm:ss).
 */
import { Card, Col, Flex, Row, Statistic, Tag, Typography } from 'antd';
import type { z } from 'zod';
import type { dayCount } from '../../../../../contract/rne';
import { formatDateTimeSeconds } from '../../../lib/dates';
import { formatDay } from './format';
import { DAY_NAMES, TOTAL_SIRENS } from './texts';

/** One card's figures: a Paris day (YYYY-MM-DD) and the entries processed on it. */
export type DayCount = z.output<typeof dayCount>;

/** A processing window: first and last instants (ISO), null when nothing was processed. */
export interface DayWindow {
  from: string | null;
  to: string | null;
}

/** The four counters of an answer, `nb1` (J) to `nb4` (J-3). */
export interface FourDays {
  nb1: DayCount;
  nb2: DayCount;
  nb3: DayCount;
  nb4: DayCount;
}

/** Props of `DayCards`. */
export interface DayCardsProps {
  /** The answer's counters; undefined while loading or when the call failed (SPEC section 8: not shown). */
  days: FourDays | undefined;
  /** True while the first answer loads (the cards show their skeleton). */
  loading: boolean;
  /** Windows of J, J-1, J-2… in order, when the page has them. */
  windows?: DayWindow[];
}

/** One card (`data-testid="day-card"`, `data-day`). */
function DayCard({ name, count, window, loading }: { name: string; count: DayCount | undefined; window?: DayWindow; loading: boolean }) {
  return (
    <Card loading={loading} size="small" data-testid="day-card" data-day={name} style={{ height: '100%' }}>
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text strong data-testid="day-card-date" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {count ? formatDay(count.day) : '-'}
          </Typography.Text>
          <Tag>{name}</Tag>
        </Flex>
        <Statistic
          title={TOTAL_SIRENS}
          value={count?.total ?? 0}
          formatter={(value) => Number(value).toLocaleString('fr-FR')}
          data-testid="day-card-total"
        />
        {window ? (
          <Typography.Text type="secondary" data-testid="day-card-window" style={{ fontSize: 12, fontVariantNumeric: 'tabular-nums' }}>
            {window.from ? `Du ${formatDateTimeSeconds(window.from)} au ${formatDateTimeSeconds(window.to)}` : 'Aucun traitement'}
          </Typography.Text>
        ) : null}
      </Flex>
    </Card>
  );
}

/** The four cards in a row, two by two below `xl` (`data-testid="day-cards"`). */
export function DayCards({ days, loading, windows }: DayCardsProps) {
  const counts = days ? [days.nb1, days.nb2, days.nb3, days.nb4] : [];
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="day-cards">
      {DAY_NAMES.map((name, index) => (
        <Col key={name} xs={12} xl={6}>
          <DayCard name={name} count={counts[index]} window={windows?.[index]} loading={loading} />
        </Col>
      ))}
    </Row>
  );
}
