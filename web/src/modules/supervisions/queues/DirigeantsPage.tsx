/**
 * /supervisions/dirigeants 'Différentiel sur les dirigeants' (SPEC section 2 "Supervision"): the four cards J to J-3 (`dirigeantsall`), the banner « Traitement en cours »
 * while a worker holds a live lease, otherwise why nothing moves (« Aucun traitement en cours : aucun compte utilisable »,
 * « … : worker arrêté », « … : dernier traitement il y a 50 min »; a warning for the first two) (with the
 * queue's remaining count and today's window) and its « Détails » button to /supervisions/liveinpi, the
 * Siren / Date table, the parked entries and the manual add; all read again every 10 seconds.
 */
import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/ButtonLink';
import { PageHeader } from '../../../components/layout/PageHeader';
import { formatDateTimeSeconds } from '../../../lib/dates';
import { SUPERVISION_TITLE } from '../texts';
import { fetchDirigeants, type DirigeantsResponse } from './api';
import { DayCards } from './DayCards';
import { summaryKey } from './queries';
import { QueueSections } from './QueueSections';
import { DETAILS_BUTTON, LIVE_PATH, QUEUE_TITLES, queueBannerText, stateBannerTitle } from './texts';
import { useQueuePolling } from './useQueuePolling';

/** The banner's detail line: what remains, and today's window when something was processed. */
function bannerDetail(data: DirigeantsResponse): string {
  const remaining = `${queueBannerText(data.restant)}.`;
  return data.from ? `${remaining} Aujourd’hui, du ${formatDateTimeSeconds(data.from)} au ${formatDateTimeSeconds(data.to)}.` : remaining;
}

/** The page. */
export default function DirigeantsPage() {
  useQueuePolling('officers');
  const { data, isPending } = useQuery({ queryKey: summaryKey('officers', 'dirigeants'), queryFn: ({ signal }) => fetchDirigeants(signal) });
  const title = QUEUE_TITLES.officers;
  return (
    <>
      <PageHeader title={title} breadcrumb={[{ title: SUPERVISION_TITLE, to: '/supervisions' }, { title }]} />
      <DayCards days={data} loading={isPending} windows={data ? [{ from: data.from, to: data.to }] : undefined} />
      <Alert
        type={!data || data.state.kind === 'processing' || data.state.kind === 'idle' ? 'info' : 'warning'}
        showIcon
        title={data ? stateBannerTitle(data.state, Date.now()) : 'Chargement…'}
        description={data ? bannerDetail(data) : undefined}
        action={
          <ButtonLink size="small" type="primary" to={LIVE_PATH} data-testid="details-button">
            {DETAILS_BUTTON}
          </ButtonLink>
        }
        data-testid="queue-banner"
        data-state={data?.state.kind}
        style={{ marginBottom: 16 }}
      />
      <QueueSections queue="officers" parked={data?.parked} />
    </>
  );
}
