/**
 * Card « Utilisation de l’api (30 derniers jours) » of /customers/{id}/edit: the customer's calls per Paris day,
 * Prod and Sandbox stacked, and the line of totals (appels, erreurs, dernier appel).
 */
import { Alert, Card, Flex, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { BarChart, type BarSeries } from '../../components/charts/BarChart';
import { formatDateTime } from '../../lib/dates';
import { useCustomerUsage } from './usage';

/** Title of the card. */
export const USAGE_TITLE = 'Utilisation de l’api (30 derniers jours)';
const ARIA_LABEL = 'Appels à l’api par jour sur les 30 derniers jours, Prod et Sandbox empilés';
const PROD_COLOR = '#1d4ed8';
const SANDBOX_COLOR = '#f59e0b';

const figure = (n: number) => n.toLocaleString('fr-FR');

/** `YYYY-MM-DD` -> `DD/MM`, the axis label of a day. */
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** Props of `CustomerUsageCard`. */
export interface CustomerUsageCardProps {
  customerId: number;
}

/**
 * The usage card: a stacked bar chart (`data-testid="usage-chart"`, one bar per day, DD/MM) named by its aria-label
 * and read day by day by its hidden list, then the totals line (`usage-totals`): the chart's text summary.
 */
export function CustomerUsageCard({ customerId }: CustomerUsageCardProps) {
  const { data, isError } = useCustomerUsage(customerId);
  const labels = useMemo(() => (data ? data.data.map((d) => dayLabel(d.day)) : []), [data]);
  const series = useMemo<BarSeries[]>(
    () =>
      data
        ? [
            { label: 'Prod', values: data.data.map((d) => d.prod_calls), color: PROD_COLOR },
            { label: 'Sandbox', values: data.data.map((d) => d.sandbox_calls), color: SANDBOX_COLOR },
          ]
        : [],
    [data],
  );
  return (
    <Card title={USAGE_TITLE} style={{ marginTop: 16 }} data-testid="customer-usage">
      {isError ? (
        <Alert type="error" showIcon title="L’utilisation de l’api n’a pas pu être chargée." />
      ) : data ? (
        <Flex vertical gap={12}>
          <BarChart testId="usage-chart" labels={labels} series={series} ariaLabel={ARIA_LABEL} />
          <Flex wrap gap="8px 24px" data-testid="usage-totals">
            <Typography.Text>
              Appels&nbsp;: <strong data-testid="usage-total-calls">{figure(data.totals.calls)}</strong>
              <Typography.Text type="secondary">{` (Prod ${figure(data.totals.prod_calls)}, Sandbox ${figure(data.totals.sandbox_calls)})`}</Typography.Text>
            </Typography.Text>
            <Typography.Text>
              Erreurs&nbsp;: <strong data-testid="usage-total-errors">{figure(data.totals.errors)}</strong>
            </Typography.Text>
            <Typography.Text>
              Dernier appel&nbsp;:{' '}
              <strong data-testid="usage-last-call">{data.totals.last_call_at ? formatDateTime(data.totals.last_call_at) : 'aucun'}</strong>
            </Typography.Text>
          </Flex>
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
    </Card>
  );
}
