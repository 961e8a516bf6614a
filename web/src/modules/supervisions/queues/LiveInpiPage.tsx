/**
 * /supervisions/liveinpi 'Traitement en direct' (SPEC section 2 "Supervision"): the
 * breadcrumb through the officers page, the four cards with the processing windows of J, J-1 and J-2
 * (`liveinpiall`: from/to, from2/to2, from3/to3), « Télécharger CSV » (export.csv), and the table
 * « Différentiel sur les dirigeants : J , J-1 » of the entries processed since the start of J-1; the
 * figures and the table are read again every 10 seconds.
 */
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/layout/PageHeader';
import { Section } from '../Section';
import { SUPERVISION_TITLE } from '../texts';
import { fetchLiveInpi, type LiveInpiResponse } from './api';
import { CsvButton } from './CsvButton';
import { DayCards, type DayWindow } from './DayCards';
import { summaryKey } from './queries';
import { QueueTable } from './QueueTable';
import { DIRIGEANTS_PATH, LIVE_TABLE_TITLE, LIVE_TITLE, QUEUE_TITLES } from './texts';
import { useQueuePolling } from './useQueuePolling';

/** The windows of J, J-1 and J-2 (none for J-3). */
function windowsOf(data: LiveInpiResponse): DayWindow[] {
  return [
    { from: data.from, to: data.to },
    { from: data.from2, to: data.to2 },
    { from: data.from3, to: data.to3 },
  ];
}

/** The page. */
export default function LiveInpiPage() {
  useQueuePolling('officers');
  const { data, isPending } = useQuery({ queryKey: summaryKey('officers', 'liveinpi'), queryFn: ({ signal }) => fetchLiveInpi(signal) });
  return (
    <>
      <PageHeader
        title={LIVE_TITLE}
        breadcrumb={[
          { title: SUPERVISION_TITLE, to: '/supervisions' },
          { title: QUEUE_TITLES.officers, to: DIRIGEANTS_PATH },
          { title: LIVE_TITLE },
        ]}
        extra={<CsvButton />}
      />
      <DayCards days={data} loading={isPending} windows={data ? windowsOf(data) : undefined} />
      <Section title={LIVE_TABLE_TITLE}>
        <QueueTable queue="officers" table="live" testId="queue-live" />
      </Section>
    </>
  );
}
