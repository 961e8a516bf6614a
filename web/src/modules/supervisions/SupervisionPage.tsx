/**
 * /supervisions 'Surveillance' (SPEC section 2 "Supervision"): the feed-health strip,
 * the BODACC imports under way, and the BODACC file table (Fichier, status, Date, Erreur);
 * « Importer un fichier » takes a DILA XML bulletin or an Opendatasoft JSON export.
 */
import { Typography } from 'antd';
import { FeedHealthStrip } from '../../components/feeds/FeedHealthStrip';
import { PageHeader } from '../../components/layout/PageHeader';
import { FeedFilesTable } from './FeedFilesTable';
import { Section } from './Section';
import { ACCEPTED_HINT, SUPERVISION_TITLE } from './texts';
import { useFeedImport } from './useFeedImport';

/** The page. */
export default function SupervisionPage() {
  const bodacc = useFeedImport('bodacc');
  return (
    <>
      <PageHeader title={SUPERVISION_TITLE} breadcrumb={[{ title: SUPERVISION_TITLE }]} extra={bodacc.button} />
      <FeedHealthStrip />
      {bodacc.progress}
      <Section title="Annonces légales (BODACC)">
        <Typography.Paragraph type="secondary">{`Fichiers importés. ${ACCEPTED_HINT.bodacc}.`}</Typography.Paragraph>
        <FeedFilesTable list="bodacc" testId="bodacc-files" />
      </Section>
    </>
  );
}
