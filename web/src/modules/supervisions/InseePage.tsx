/**
 * /supervisions/insee 'Base INSEE' (SPEC section 2 "Supervision"): the INSEE Sirene
 * imports under way, then two tables of import files, Entreprises and Établissements (Fichier, status,
 * Date, Lignes, Erreur); « Importer un fichier » takes a stock file (.csv or .zip).
 */
import { Flex, Typography } from 'antd';
import { PageHeader } from '../../components/layout/PageHeader';
import { FeedFilesTable } from './FeedFilesTable';
import { Section } from './Section';
import { ACCEPTED_HINT, INSEE_TITLE, SUPERVISION_TITLE } from './texts';
import { useFeedImport } from './useFeedImport';

/** The page. */
export default function InseePage() {
  const sirene = useFeedImport('sirene');
  return (
    <>
      <PageHeader
        title={INSEE_TITLE}
        breadcrumb={[{ title: SUPERVISION_TITLE, to: '/supervisions' }, { title: INSEE_TITLE }]}
        extra={sirene.button}
      />
      <Typography.Paragraph type="secondary">{`${ACCEPTED_HINT.sirene}.`}</Typography.Paragraph>
      {sirene.progress}
      <Flex vertical gap={16}>
        <Section title="Entreprises">
          <FeedFilesTable list="insee-companies" withLines urlNamespace="companies" testId="insee-companies-files" />
        </Section>
        <Section title="Établissements">
          <FeedFilesTable list="insee-locations" withLines urlNamespace="locations" testId="insee-locations-files" />
        </Section>
      </Flex>
    </>
  );
}
