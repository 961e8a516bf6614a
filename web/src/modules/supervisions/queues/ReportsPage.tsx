/**
 * /supervisions/reports 'Différentiel sur les comptes' (SPEC section 2 "Supervision"):
 * the four cards J to J-3 (`reportsall`), the banner « File d'attente : {n} restent à traiter », the
 * Siren / Date table of the entries processed, the parked entries and the manual add; all read again
 * every 10 seconds.
 */
import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/layout/PageHeader';
import { SUPERVISION_TITLE } from '../texts';
import { fetchReports } from './api';
import { DayCards } from './DayCards';
import { summaryKey } from './queries';
import { QueueSections } from './QueueSections';
import { QUEUE_TITLES, queueBannerText } from './texts';
import { useQueuePolling } from './useQueuePolling';

/** The page. */
export default function ReportsPage() {
  useQueuePolling('accounts');
  const { data, isPending } = useQuery({ queryKey: summaryKey('accounts', 'reports'), queryFn: ({ signal }) => fetchReports(signal) });
  const title = QUEUE_TITLES.accounts;
  return (
    <>
      <PageHeader title={title} breadcrumb={[{ title: SUPERVISION_TITLE, to: '/supervisions' }, { title }]} />
      <DayCards days={data} loading={isPending} />
      {data ? (
        <Alert type="info" showIcon title={queueBannerText(data.restant)} data-testid="queue-banner" style={{ marginBottom: 16 }} />
      ) : null}
      <QueueSections queue="accounts" parked={data?.parked} />
    </>
  );
}
